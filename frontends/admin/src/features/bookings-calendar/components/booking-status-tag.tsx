import type { BookingStatus } from '@medtutor/contracts';
import { Tag } from 'antd';
import { BookingStatusColours, BookingStatusLabels } from '../utils/booking-status';

export const BookingStatusTag = ({ status }: { status: BookingStatus }) => (
  <Tag color={BookingStatusColours[status]}>{BookingStatusLabels[status]}</Tag>
);
