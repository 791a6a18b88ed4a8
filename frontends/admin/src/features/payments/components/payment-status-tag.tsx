import type { AdminPaymentStatus } from '@medtutor/contracts';
import { Tag } from 'antd';
import { AdminPaymentStatusColours, AdminPaymentStatusLabels } from '../utils/status';

export const PaymentStatusTag = ({ status }: { status: AdminPaymentStatus }) => (
  <Tag color={AdminPaymentStatusColours[status]}>{AdminPaymentStatusLabels[status]}</Tag>
);
