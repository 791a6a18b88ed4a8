import { Tag } from 'antd';
import { statusLabel } from '../utils/payslip-lists';

export function PayslipStatusTag({ status }: { status: string }) {
  const { text, color } = statusLabel(status);
  return <Tag color={color}>{text}</Tag>;
}
