import { Typography } from 'antd';
import { PageTitle } from '../../components/page-title';
import { site } from '../../config/site';

const { Title, Paragraph } = Typography;

export function TermsRoute() {
  return (
    <article className="page page--prose prose">
      <PageTitle title="Terms and Conditions" />
      <Title level={1}>Terms and Conditions</Title>
      <Paragraph type="secondary">Last updated 28 June 2025</Paragraph>
      <Paragraph>These terms apply to all tutoring booked with {site.name}.</Paragraph>

      <Title level={2}>Our Service</Title>
      <Paragraph>
        We provide one-to-one online tutoring by medical students. Every student can start with a free 15-30 minute
        trial session with no payment and no commitment.
      </Paragraph>

      <Title level={2}>Payment</Title>
      <Paragraph>Payment must be completed at least 48 hours before a session.</Paragraph>

      <Title level={2}>Cancellation and No-Shows</Title>
      <Paragraph>
        Cancellation is free with 24 hours or more notice. With less notice, or if you do not attend, the full fee is
        due.
      </Paragraph>

      <Title level={2}>Refunds</Title>
      <Paragraph>Refunds are paid back to the original payment method within 5-7 business days.</Paragraph>

      <Title level={2}>Session Recordings</Title>
      <Paragraph>
        All sessions are recorded. By booking you consent to the recording. Recordings are kept for at most 24 months.
      </Paragraph>

      <Title level={2}>Eligibility</Title>
      <Paragraph>
        Our service is for students over 13. Students under 18 need the consent of a parent or guardian.
      </Paragraph>

      <Title level={2}>Changes to These Terms</Title>
      <Paragraph>We give 30 days notice before changes to these terms take effect.</Paragraph>
    </article>
  );
}
