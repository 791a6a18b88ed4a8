import { Typography } from 'antd';
import { PageTitle } from '../../components/page-title';
import { site } from '../../config/site';

const { Title, Paragraph } = Typography;

export function PrivacyPolicyRoute() {
  return (
    <article className="page page--prose prose">
      <PageTitle title="Privacy Policy" />
      <Title level={1}>Privacy Policy</Title>
      <Paragraph type="secondary">Last updated 24 December 2025</Paragraph>
      <Paragraph>
        This policy explains what personal data {site.name} collects, why, and the rights you have over it under UK data
        protection law (the UK GDPR and the Data Protection Act 2018).
      </Paragraph>

      <Title level={2}>Data We Collect</Title>
      <Paragraph>
        Your account details (username, name, email address and, if you give it, your phone number); the details you
        send when you request a consultation or a free trial, book a session or share a success story; the tutoring
        packages you buy, the hours used and the exam dates you set; and recordings of your sessions.
      </Paragraph>

      <Title level={2}>Legal Basis</Title>
      <Paragraph>
        We process your data to provide the tutoring you ask for (performance of a contract), to answer your requests
        (legitimate interests) and where the law requires us to keep records (legal obligation).
      </Paragraph>

      <Title level={2}>Sharing</Title>
      <Paragraph>
        We do not sell your data. Your tutor sees what they need to teach you. Card payments are handled by our payment
        provider, and we never see or store your full card details.
      </Paragraph>

      <Title level={2}>International Transfers</Title>
      <Paragraph>
        Where a provider we use processes data outside the UK, we only allow it with the safeguards UK law requires.
      </Paragraph>

      <Title level={2}>Security</Title>
      <Paragraph>
        Passwords are stored only as secure hashes, and the site is served over encrypted connections. Only people who
        need your data to provide the service can access it.
      </Paragraph>

      <Title level={2}>Session Recording</Title>
      <Paragraph>All sessions are recorded. Recordings are kept for at most 24 months and then deleted.</Paragraph>

      <Title level={2}>Cancellation</Title>
      <Paragraph>
        Cancellation is free with 24 hours or more notice. With less notice, or if you do not attend, the full fee is
        due.
      </Paragraph>

      <Title level={2}>Retention</Title>
      <Paragraph>
        We keep your account data while your account is open and as long as the law requires afterwards. Session
        recordings are kept for at most 24 months.
      </Paragraph>

      <Title level={2}>Your GDPR Rights</Title>
      <Paragraph>
        You may ask to access, correct or delete your data, to restrict or object to its processing, and to receive it
        in a portable form. You may also complain to the Information Commissioner&apos;s Office (ICO).
      </Paragraph>

      <Title level={2}>Cookies</Title>
      <Paragraph>
        We use one essential cookie to keep you signed in. It is needed for the site to work and is not used for
        advertising.
      </Paragraph>

      <Title level={2}>Children</Title>
      <Paragraph>
        Our service is for students over 13. Students under 18 need the consent of a parent or guardian.
      </Paragraph>

      <Title level={2}>Changes</Title>
      <Paragraph>
        We will update this policy when our practices change and show the date of the latest version at the top of this
        page.
      </Paragraph>
    </article>
  );
}
