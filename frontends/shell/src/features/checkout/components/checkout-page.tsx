import { Notices, type PaymentIntentDto } from '@medtutor/contracts';
import { serverMessage, useNotices } from '@medtutor/web-kit';
import { Card, Checkbox, Spin, Typography } from 'antd';
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { PageTitle } from '../../../components/page-title';
import { supportEmail } from '../../../config/support';
import { useSession } from '../../auth';
import { consentRefusal } from '../api/consent';
import { PaymentInitError, initialisePayment, isDiscountCodeRefusal, requestPaymentIntent } from '../api/payments';
import { type CheckoutParams, checkoutHref, parseCheckoutParams } from '../utils/checkout-params';
import { isPublishableKey } from '../utils/price-display';
import { ConsentRequired, DateOfBirthRequired } from './consent-required';
import { DemoPaymentForm } from './demo-payment-form';
import { DiscountCodeField } from './discount-code-field';
import { OrderSummary } from './order-summary';
import { PaymentErrorScreen } from './payment-error-screen';
import './checkout.css';

/** Stripe.js and its React bindings load only when the provider is Stripe. */
const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

/** docs/product.md §9: the Apply busy state lasts at least 1 s; the redirect after paying waits 1.5 s. */
const applyBusyMs = 1000;
const redirectAfterPaymentMs = 1500;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Stage =
  | { kind: 'initialising'; retrying?: string }
  /** Issue 26: a student under 18 waits for a guardian's consent, or has not given a date of birth. */
  | { kind: 'guardianConsent'; sent?: string }
  | { kind: 'dateOfBirth' }
  | { kind: 'ready'; intent: PaymentIntentDto }
  | { kind: 'failed'; title: string; message: string; detail?: string };

const failureStage = (error: unknown): Stage => {
  const refusal = consentRefusal(error);
  if (refusal === 'guardianConsent') return { kind: 'guardianConsent' };
  if (refusal === 'dateOfBirth') return { kind: 'dateOfBirth' };
  if (error instanceof PaymentInitError && error.kind === 'invalid-response') {
    return { kind: 'failed', title: 'Payment Error', message: Notices.checkout.invalidResponse };
  }
  const cause = error instanceof PaymentInitError ? error.cause : error;
  return {
    kind: 'failed',
    title: 'Payment Error',
    message: Notices.checkout.initFailed(supportEmail),
    detail: serverMessage(cause),
  };
};

const codeRefusalText = (error: unknown): string =>
  serverMessage(error instanceof PaymentInitError ? error.cause : error) ?? Notices.payment.unexpected;

/** /checkout (docs/product.md §2, §4 and §8). */
export function CheckoutPage() {
  const [query] = useSearchParams();
  const params = useMemo(() => parseCheckoutParams(query), [query]);

  if (!params) {
    return (
      <div className="page page--narrow">
        <PageTitle title="Checkout" />
        <PaymentErrorScreen title="Checkout" message={Notices.checkout.invalidSessionParameters} />
      </div>
    );
  }
  return <Checkout key={checkoutHref(params)} params={params} />;
}

function Checkout({ params }: { params: CheckoutParams }) {
  const { user, isLoading } = useSession();
  const navigate = useNavigate();
  const notices = useNotices();
  const [stage, setStage] = useState<Stage>({ kind: 'initialising' });
  const [codeBusy, setCodeBusy] = useState(false);
  const [codeError, setCodeError] = useState<string>();
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [paid, setPaid] = useState(false);
  const [renewing, setRenewing] = useState(false);
  // Raised to set the checkout up again once the student may pay (a date of birth given, now 18).
  const [attempt, setAttempt] = useState(0);
  const mounted = useRef(true);
  const signedIn = user !== null;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Buying needs an account: a visitor who lands here signs in first and comes back.
  useEffect(() => {
    if (!isLoading && !signedIn) {
      void navigate(`/auth?redirect=${encodeURIComponent(checkoutHref(params))}`, { replace: true });
    }
  }, [isLoading, signedIn, navigate, params]);

  const create = useCallback(
    (discountCode: string | undefined) =>
      initialisePayment(() => requestPaymentIntent({ ...params, discountCode }), {
        onRetry: (attempt, max) => {
          if (mounted.current) setStage({ kind: 'initialising', retrying: Notices.payment.retrying(attempt, max) });
        },
      }),
    [params],
  );

  useEffect(() => {
    if (isLoading || !signedIn) return;
    let current = true;
    const start = async () => {
      try {
        return await create(params.discountCode);
      } catch (error) {
        // A refused code from the link should not block the purchase: show why and sell without it.
        if (!params.discountCode || !isDiscountCodeRefusal(error)) throw error;
        if (current) setCodeError(codeRefusalText(error));
        return create(undefined);
      }
    };
    start().then(
      (intent) => current && setStage({ kind: 'ready', intent }),
      (error: unknown) => current && setStage(failureStage(error)),
    );
    return () => {
      current = false;
    };
  }, [isLoading, signedIn, create, params.discountCode, attempt]);

  const tryAgain = () => {
    setStage({ kind: 'initialising' });
    setAttempt((previous) => previous + 1);
  };

  const changeCode = async (discountCode: string | undefined) => {
    setCodeBusy(true);
    setCodeError(undefined);
    const [outcome] = await Promise.allSettled([create(discountCode), wait(applyBusyMs)]);
    if (!mounted.current) return;
    setCodeBusy(false);
    if (outcome.status === 'fulfilled') setStage({ kind: 'ready', intent: outcome.value });
    else setCodeError(codeRefusalText(outcome.reason));
  };

  // A declined demo payment is closed by the server; the next card needs a fresh intent (same code).
  const renewAfterFailure = (failed: PaymentIntentDto) => {
    setRenewing(true);
    create(failed.discountApplied ? (failed.discountCode ?? undefined) : undefined)
      .then(
        (intent) => mounted.current && setStage({ kind: 'ready', intent }),
        (error: unknown) => mounted.current && setStage(failureStage(error)),
      )
      .finally(() => mounted.current && setRenewing(false));
  };

  const beforeSubmit = () => {
    if (termsAccepted) return true;
    notices.error(Notices.payment.termsRequiredTitle, undefined, Notices.payment.termsRequired);
    return false;
  };

  const paidFor = (paymentId: string) => () => {
    setPaid(true);
    notices.success(Notices.payment.successTitle, Notices.payment.success);
    setTimeout(() => {
      void navigate(`/payment-success?paymentId=${encodeURIComponent(paymentId)}`);
    }, redirectAfterPaymentMs);
  };

  if (stage.kind === 'failed') {
    return (
      <div className="page page--narrow">
        <PageTitle title="Checkout" />
        <PaymentErrorScreen title={stage.title} message={stage.message} detail={stage.detail} />
      </div>
    );
  }

  if (stage.kind === 'guardianConsent' || stage.kind === 'dateOfBirth') {
    return (
      <div className="page page--narrow">
        <PageTitle title="Checkout" />
        <Typography.Title level={1}>Checkout</Typography.Title>
        {stage.kind === 'guardianConsent' ? (
          <ConsentRequired sent={stage.sent} onMayPay={tryAgain} />
        ) : (
          <DateOfBirthRequired
            onSaved={(state, message) =>
              state === 'awaiting_consent' ? setStage({ kind: 'guardianConsent', sent: message }) : tryAgain()
            }
          />
        )}
      </div>
    );
  }

  if (stage.kind === 'initialising') {
    return (
      <div className="page page--narrow">
        <PageTitle title="Checkout" />
        <Typography.Title level={1}>Checkout</Typography.Title>
        <div role="status" aria-live="polite" className="checkout__status">
          <Spin />
          <span>{stage.retrying ?? 'Preparing your secure payment…'}</span>
        </div>
      </div>
    );
  }

  const { intent } = stage;
  const stripeKey = intent.provider === 'stripe' ? intent.publishableKey : null;

  if (intent.provider === 'stripe' && !isPublishableKey(stripeKey)) {
    return (
      <div className="page page--narrow">
        <PageTitle title="Checkout" />
        <PaymentErrorScreen title="Payment Error" message={Notices.checkout.initFailed(supportEmail)} />
      </div>
    );
  }

  const showStripeUnavailable = () => {
    if (mounted.current) {
      setStage({ kind: 'failed', title: 'Payment Error', message: Notices.checkout.initFailed(supportEmail) });
    }
  };

  return (
    <div className="page checkout">
      <PageTitle title="Checkout" />
      <Typography.Title level={1}>Checkout</Typography.Title>
      <div className="checkout__grid">
        <div className="checkout__column">
          <OrderSummary intent={intent} />
          <Card>
            <DiscountCodeField
              appliedCode={intent.discountApplied ? (intent.discountCode ?? undefined) : undefined}
              busy={codeBusy}
              error={codeError}
              onApply={(code) => void changeCode(code)}
              onRemove={() => void changeCode(undefined)}
            />
          </Card>
          <Typography.Paragraph type="secondary">
            Payment must be completed at least 48 hours before a session. Cancellation is free with 24 hours or more
            notice.
          </Typography.Paragraph>
        </div>
        <Card title={<h2 className="checkout__card-title">Payment details</h2>}>
          <Checkbox
            checked={termsAccepted}
            onChange={(event) => setTermsAccepted(event.target.checked)}
            style={{ marginBottom: '1rem' }}
          >
            I agree to the{' '}
            <a href="/terms" target="_blank" rel="noopener noreferrer">
              Terms and Conditions
            </a>
          </Checkbox>
          {paid ? (
            <p role="status">{Notices.payment.success}</p>
          ) : intent.provider === 'demo' ? (
            <DemoPaymentForm
              key={intent.paymentId}
              intent={intent}
              beforeSubmit={beforeSubmit}
              onPaid={paidFor(intent.paymentId)}
              onFailed={() => renewAfterFailure(intent)}
              renewing={renewing}
            />
          ) : (
            <Suspense fallback={<PageSpinner label="Loading the secure card form…" />}>
              <StripePaymentForm
                key={intent.paymentId}
                intent={intent}
                publishableKey={stripeKey ?? ''}
                beforeSubmit={beforeSubmit}
                onPaid={paidFor(intent.paymentId)}
                onStripeUnavailable={showStripeUnavailable}
              />
            </Suspense>
          )}
        </Card>
      </div>
    </div>
  );
}
