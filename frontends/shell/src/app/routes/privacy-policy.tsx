import { SiteCookies } from '@medtutor/contracts';
import { site } from '../../config/site';
import { supportEmail } from '../../config/support';
import { LegalDocument, type LegalSection } from '../../features/legal/components/legal-document';
import { Paragraph } from '@medtutor/web-kit/ui';

const supportLink = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;

const sections: LegalSection[] = [
  {
    id: 'data-we-collect',
    heading: 'Data We Collect',
    body: (
      <>
        <Paragraph>We collect only what we need to arrange and deliver your tutoring:</Paragraph>
        <ul>
          <li>account details: your username, name, email address and, if you give it, your phone number;</li>
          <li>
            your date of birth, and for students under 18 the name and email address of the parent or guardian who gives
            consent, with the time they gave it;
          </li>
          <li>
            the details you send when you request a consultation or a free trial, including the subject you are
            interested in and whether you are a parent acting for a student;
          </li>
          <li>the tutoring packages you buy, the hours you have used and the exam dates you set;</li>
          <li>the success stories you submit, with the email address you give to verify them (never published);</li>
          <li>recordings of your tutoring sessions.</li>
        </ul>
        <Paragraph>
          Card details are entered directly into our payment provider&apos;s secure form and never reach our servers.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'legal-basis',
    heading: 'Legal Basis for Processing',
    body: (
      <Paragraph>
        We process your data to provide the tutoring you have asked for (performance of a contract), to reply to your
        enquiries and free-trial requests and to keep our service safe (our legitimate interests), to record sessions
        with the consent you give when booking, and to keep the financial records the law requires (legal obligation).
      </Paragraph>
    ),
  },
  {
    id: 'sharing',
    heading: 'How We Share Your Data',
    body: (
      <Paragraph>
        We never sell your data. Your tutor sees the details they need to teach you. Our payment provider processes your
        card payments, and our hosting, scheduling and messaging providers process data on our behalf under contracts
        that require them to protect it. We disclose data to public authorities only where the law requires it.
      </Paragraph>
    ),
  },
  {
    id: 'international-transfers',
    heading: 'International Transfers',
    body: (
      <Paragraph>
        Some of our providers may process data outside the UK. We allow this only to countries the UK recognises as
        giving adequate protection, or under the safeguards UK law requires, such as the International Data Transfer
        Agreement or the UK Addendum to the EU Standard Contractual Clauses.
      </Paragraph>
    ),
  },
  {
    id: 'security',
    heading: 'Security',
    body: (
      <Paragraph>
        The site is served over encrypted connections, passwords are stored only as secure hashes, and only the people
        who need your data to provide the service can access it. If a breach puts your rights at risk, we will tell you
        and the Information Commissioner&apos;s Office as the law requires.
      </Paragraph>
    ),
  },
  {
    id: 'session-recording',
    heading: 'Session Recording',
    body: (
      <Paragraph>
        All sessions are recorded, so that we can maintain the quality of our teaching, keep students and tutors safe
        and resolve any dispute. Recordings are kept for at most 24 months and then deleted. You consent to recording
        when you book a session.
      </Paragraph>
    ),
  },
  {
    id: 'cancellation',
    heading: 'Payment, Cancellation and Refunds',
    body: (
      <Paragraph>
        Payment must be completed at least 48 hours before a session. Cancellation is free with 24 hours or more notice.
        With less notice, and if a student does not attend, the full fee is due. Refunds are paid to the original
        payment method within 5-7 business days. We keep the records of these payments as described below.
      </Paragraph>
    ),
  },
  {
    id: 'retention',
    heading: 'How Long We Keep Your Data',
    body: (
      <Paragraph>
        We keep your account data while your account is open and delete it when you ask us to close it, except for
        payment records, which we keep for six years as UK tax law requires. Consultation and free-trial requests are
        kept for up to 12 months, unless you go on to buy tutoring, when they stay with your account. Session recordings
        are kept for at most 24 months.
      </Paragraph>
    ),
  },
  {
    id: 'your-rights',
    heading: 'Your Rights Under the UK GDPR',
    body: (
      <>
        <Paragraph>You have the right to:</Paragraph>
        <ul>
          <li>access the personal data we hold about you;</li>
          <li>have inaccurate data corrected (rectification);</li>
          <li>have your data erased;</li>
          <li>restrict how we process it;</li>
          <li>receive it in a portable, machine-readable form;</li>
          <li>object to our processing of it;</li>
          <li>withdraw any consent you have given, at any time.</li>
        </ul>
        <Paragraph>
          To use any of these rights, email {supportLink}. We reply within one month. If you are unhappy with how we
          handle your data, you can complain to the Information Commissioner&apos;s Office (ICO) at{' '}
          <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk/make-a-complaint</a> or on 0303 123 1113.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'cookies',
    heading: 'Cookies',
    body: (
      <>
        <Paragraph>
          We use only cookies that are strictly necessary for the site to work, so they do not need your consent, and
          none is ever used for advertising, analytics or tracking. These are all the cookies the site sets:
        </Paragraph>
        <div className="legal-table-wrap">
          <table className="legal-table">
            <caption className="visually-hidden">The cookies this site sets</caption>
            <thead>
              <tr>
                <th scope="col">Cookie</th>
                <th scope="col">Set by</th>
                <th scope="col">Why</th>
                <th scope="col">How long</th>
              </tr>
            </thead>
            <tbody>
              {SiteCookies.map((cookie) => (
                <tr key={cookie.name}>
                  <th scope="row">
                    <code>{cookie.name}</code>
                  </th>
                  <td data-label="Set by">{cookie.setBy}</td>
                  <td data-label="Why">{cookie.purpose}</td>
                  <td data-label="How long">{cookie.lifetime}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Paragraph>
          Your browser also keeps two small notes in its session storage, deleted when you close the tab: the package
          you chose before signing in, so that checkout can continue afterwards, and whether you dismissed the exam-date
          reminder on your dashboard. If we ever wanted to use a cookie that is not strictly necessary, we would ask for
          your consent first.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'children',
    heading: 'Children',
    body: (
      <Paragraph>
        Our service is for students over 13. Students under 18 need the consent of a parent or guardian, who may make
        enquiries, bookings and data requests on their behalf. We ask for your date of birth when you register: we do
        not open an account for anyone under 13, and for a student aged 13 to 17 we email the parent or guardian they
        name a link to give their consent. Until they do, the student can browse and request a free trial but cannot
        pay.
      </Paragraph>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to This Policy',
    body: (
      <Paragraph>
        We give 30 days&apos; notice by email before a material change to this policy takes effect, and we show the date
        of the latest version at the top of this page. Questions about this policy are welcome at {supportLink}.
      </Paragraph>
    ),
  },
];

export function PrivacyPolicyRoute() {
  return (
    <LegalDocument
      title="Privacy Policy"
      description={`How ${site.name} collects, uses and protects your personal data, and your rights under the UK GDPR.`}
      lastUpdated="24 December 2025"
      intro={
        <Paragraph>
          {site.name} (&quot;we&quot;) is the controller of the personal data described in this policy. It explains what
          we collect, why, how long we keep it and the rights you have under UK data protection law (the UK GDPR and the
          Data Protection Act 2018). You can contact us about your data at any time at {supportLink}.
        </Paragraph>
      }
      sections={sections}
    />
  );
}
