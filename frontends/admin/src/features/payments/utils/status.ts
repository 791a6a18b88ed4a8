import type { AdminPaymentStatus, DisputeStatus, RefundStatus } from '@medtutor/contracts';

/** How the Payments tab names each status, in the filter and on the row's tag. */
export const AdminPaymentStatusLabels: Record<AdminPaymentStatus, string> = {
  succeeded: 'Succeeded',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  disputed: 'Disputed',
  failed: 'Failed',
  pending: 'Pending',
  canceled: 'Canceled',
};

/** Tag colours: money kept green, money going back amber, money lost or at risk red. */
export const AdminPaymentStatusColours: Record<AdminPaymentStatus, string> = {
  succeeded: 'green',
  partially_refunded: 'gold',
  refunded: 'purple',
  disputed: 'red',
  failed: 'volcano',
  pending: 'blue',
  canceled: 'default',
};

export const RefundStatusLabels: Record<RefundStatus, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
  canceled: 'Canceled',
};

export const DisputeStatusLabels: Record<DisputeStatus, string> = {
  open: 'Open',
  won: 'Won',
  lost: 'Lost',
};
