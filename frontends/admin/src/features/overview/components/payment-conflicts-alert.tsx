import { Alert, Button } from 'antd';
import type { PaymentConflict } from '@medtutor/contracts';
import { usePaymentConflicts } from '../api/get-payment-conflicts';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });

const student = (conflict: PaymentConflict) =>
  [conflict.buyerName, conflict.buyerEmail].filter(Boolean).join(', ') || `User ${conflict.userId}`;

/**
 * Payments taken after their discount code had gone to another payment: credited as usual, so an
 * admin decides what to do (refund the discount, or let it stand). Shows nothing when there are none.
 */
export function PaymentConflictsAlert() {
  const conflicts = usePaymentConflicts();

  if (conflicts.error !== undefined && !conflicts.data) {
    return (
      <Alert
        type="warning"
        showIcon
        title="Discount code conflicts could not be loaded."
        action={
          <Button size="small" onClick={() => void conflicts.mutate()}>
            Retry
          </Button>
        }
      />
    );
  }
  const data = conflicts.data;
  if (!data || data.total === 0) return null;
  const shown = data.conflicts.length < data.total ? ` (newest ${data.conflicts.length} shown)` : '';

  return (
    <Alert
      type="error"
      showIcon
      title={`${data.total} ${data.total === 1 ? 'payment was' : 'payments were'} taken with a discount code already used${shown}`}
      description={
        <>
          <p style={{ marginTop: 0 }}>
            Each buyer paid the discounted price and was credited their hours; the code had already gone to another
            payment. Decide whether to refund or accept the discount.
          </p>
          <ul aria-label="Payments with a conflicting discount code" style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {data.conflicts.map((conflict) => (
              <li key={conflict.paymentId}>
                {student(conflict)} paid {conflict.formattedPrice} with {conflict.discountCode} on{' '}
                {when(conflict.paidAt)}
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
}
