import { Notices } from '@medtutor/contracts';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { PaymentSummary } from '../../features/checkout/components/payment-summary';
import { useHydrated } from '@medtutor/web-kit/ui';
import { Flex, Result, Title } from '@medtutor/web-kit/ui';

export function PaymentSuccessRoute() {
  const [query] = useSearchParams();
  // The prerendered page is the one without a payment: the summary joins once React runs, so the
  // first render matches the HTML whatever the query says.
  const hydrated = useHydrated();
  const paymentId = hydrated ? query.get('paymentId')?.trim() : undefined;

  return (
    <div className="page page--narrow">
      <PageTitle title={Notices.payment.successTitle} />
      <Result
        status="success"
        title={<Title level={1}>{Notices.payment.successTitle}</Title>}
        subTitle="Thank you for your purchase. Our team will contact you within 24 hours to schedule your sessions."
        extra={
          <Flex gap="small" justify="center" wrap>
            <Link to="/my-tutoring" className="button-link">
              Go to My Tutoring
            </Link>
            <Link to="/" className="button-link button-link--secondary">
              Return Home
            </Link>
          </Flex>
        }
      >
        {paymentId && <PaymentSummary paymentId={paymentId} />}
      </Result>
    </div>
  );
}
