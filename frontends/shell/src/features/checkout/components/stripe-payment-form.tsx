import { Notices, type PaymentIntentDto } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { type Stripe, loadStripe } from '@stripe/stripe-js';
import { Alert, Button } from 'antd';
import { type FormEvent, useRef, useState } from 'react';

interface StripePaymentFormProps {
  intent: PaymentIntentDto;
  publishableKey: string;
  beforeSubmit: () => boolean;
  onPaid: () => void;
  /** Stripe.js itself could not be loaded: the page shows its payment-error screen. */
  onStripeUnavailable: () => void;
}

/** loadStripe once per key: it injects Stripe.js, and Elements wants the same promise on every render. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string, onUnavailable: () => void): Promise<Stripe | null> => {
  let stripe = stripeByKey.get(key);
  if (!stripe) {
    stripe = loadStripe(key).then(
      (loaded) => {
        if (!loaded) onUnavailable();
        return loaded;
      },
      () => {
        stripeByKey.delete(key);
        onUnavailable();
        return null;
      },
    );
    stripeByKey.set(key, stripe);
  }
  return stripe;
};

/** Stripe's Payment Element for the intent's client secret (docs/product.md §7). Loaded only on /checkout. */
export default function StripePaymentForm({
  intent,
  publishableKey,
  beforeSubmit,
  onPaid,
  onStripeUnavailable,
}: StripePaymentFormProps) {
  const [stripe] = useState(() => stripeFor(publishableKey, onStripeUnavailable));
  return (
    <Elements stripe={stripe} options={{ clientSecret: intent.clientSecret }}>
      <CardForm intent={intent} beforeSubmit={beforeSubmit} onPaid={onPaid} />
    </Elements>
  );
}

function CardForm({
  intent,
  beforeSubmit,
  onPaid,
}: Pick<StripePaymentFormProps, 'intent' | 'beforeSubmit' | 'onPaid'>) {
  const stripe = useStripe();
  const elements = useElements();
  const notices = useNotices();
  const [ready, setReady] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  // The loading button ignores clicks, but Enter inside Stripe's iframe submits the form again: one
  // confirmation at a time, or a second could charge the card twice.
  const paying = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (paying.current || !beforeSubmit()) return;
    if (!stripe || !elements || !ready) {
      notices.error(Notices.payment.paymentErrorTitle, undefined, Notices.payment.paymentSystemNotReady);
      return;
    }
    paying.current = true;
    setBusy(true);
    try {
      // Stripe checks the fields first (a number left incomplete, an expiry in the past): 'Form Error'
      // with its message, and nothing is confirmed.
      const checked = await elements.submit();
      if (checked.error) {
        notices.error(Notices.payment.formErrorTitle, undefined, checked.error.message ?? Notices.payment.unexpected);
        return;
      }
      const returnUrl = new URL('/payment-success', window.location.origin);
      returnUrl.searchParams.set('paymentId', intent.paymentId);
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl.toString() },
        redirect: 'if_required',
      });
      if (error) {
        const byCard = error.type === 'card_error' || error.type === 'validation_error';
        notices.error(
          Notices.payment.paymentFailedTitle,
          undefined,
          byCard && error.message ? error.message : Notices.payment.unexpected,
        );
      } else if (paymentIntent.status === 'succeeded' || paymentIntent.status === 'processing') {
        onPaid();
      } else {
        notices.error(Notices.payment.paymentFailedTitle, undefined, Notices.payment.unexpected);
      }
    } catch {
      notices.error(Notices.payment.paymentFailedTitle, undefined, Notices.payment.unexpected);
    } finally {
      paying.current = false;
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Card payment">
      {loadFailed && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={Notices.payment.formLoadFailedTitle}
          description={Notices.payment.formLoadFailed}
          style={{ marginBottom: '1rem' }}
        />
      )}
      <PaymentElement
        onReady={() => setReady(true)}
        onLoadError={() => {
          setLoadFailed(true);
          notices.error(Notices.payment.formLoadFailedTitle, undefined, Notices.payment.formLoadFailed);
        }}
      />
      <Button type="primary" htmlType="submit" size="large" block loading={busy} style={{ marginTop: '1rem' }}>
        Pay {intent.formattedPrice}
      </Button>
    </form>
  );
}
