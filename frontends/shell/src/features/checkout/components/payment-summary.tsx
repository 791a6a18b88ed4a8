import type { PaymentDto } from '@medtutor/contracts';
import { useEffect, useState } from 'react';
import { Alert, Descriptions, Spinner } from '@medtutor/web-kit/ui';
import { getPayment } from '../api/payments';
import { PaymentPolling, shouldPollAgain } from '../utils/payment-polling';
import './payment-summary.css';

type Lookup = { kind: 'loading' } | { kind: 'found'; payment: PaymentDto; settling: boolean } | { kind: 'unavailable' };

/** The package bought, from GET /api/payments/:paymentId, asked again while the payment settles. */
export function PaymentSummary({ paymentId }: { paymentId: string }) {
  const [lookup, setLookup] = useState<Lookup>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (polls: number) => {
      try {
        const payment = await getPayment(paymentId);
        if (!current) return;
        const again = shouldPollAgain(payment.status, polls + 1);
        setLookup({ kind: 'found', payment, settling: again });
        if (again) timer = setTimeout(() => void poll(polls + 1), PaymentPolling.intervalMs);
      } catch {
        if (current) setLookup({ kind: 'unavailable' });
      }
    };
    void poll(0);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [paymentId]);

  if (lookup.kind === 'loading') return <Spinner label="Loading your purchase" />;
  if (lookup.kind === 'unavailable') {
    return (
      <Alert
        type="warning"
        showIcon
        title="We could not load the details of your purchase just now. You will find your package in My Tutoring."
      />
    );
  }

  const { payment, settling } = lookup;
  return (
    <div aria-live="polite">
      {payment.status === 'succeeded' ? null : payment.status === 'failed' || payment.status === 'canceled' ? (
        <Alert
          type="error"
          showIcon
          title="This payment did not go through. No package was added; please try again from the pricing page."
          style={{ marginBottom: '1rem' }}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          title={
            settling
              ? 'Your payment is being confirmed…'
              : 'Your payment is still being confirmed. Your package will appear in My Tutoring as soon as it is.'
          }
          style={{ marginBottom: '1rem' }}
        />
      )}
      <Descriptions
        className="payment-summary__details"
        bordered
        column={1}
        items={[
          { key: 'package', label: 'Package', children: payment.packageName },
          { key: 'subject', label: 'Subject', children: payment.subject },
          { key: 'hours', label: 'Hours', children: payment.hours === 1 ? '1 hour' : `${payment.hours} hours` },
          { key: 'paid', label: 'Amount', children: payment.formattedPrice },
        ]}
      />
    </div>
  );
}
