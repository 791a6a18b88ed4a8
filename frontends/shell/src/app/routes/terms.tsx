import { Packages } from '@medtutor/contracts';
import { Link } from 'react-router';
import { site } from '../../config/site';
import { supportEmail } from '../../config/support';
import { LegalDocument, type LegalSection } from '../../features/legal/components/legal-document';
import { Paragraph } from '@medtutor/web-kit/ui';

const supportLink = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;

const sections: LegalSection[] = [
  {
    id: 'our-service',
    heading: 'Our Service',
    body: (
      <Paragraph>
        We provide one-to-one online tutoring by medical students for medical school admissions, interviews and study.
        All sessions take place online with a tutor we assign to you. We do our best to help every student succeed, but
        we cannot guarantee any exam result, interview outcome or university offer.
      </Paragraph>
    ),
  },
  {
    id: 'eligibility',
    heading: 'Who Can Use the Service',
    body: (
      <Paragraph>
        Our service is for students over 13. Students under 18 need the consent of a parent or guardian, who accepts
        these terms on their behalf and is responsible for payment.
      </Paragraph>
    ),
  },
  {
    id: 'free-trial',
    heading: 'Free Trial',
    body: (
      <Paragraph>
        Every student may have one free 15-30 minute trial session to meet a tutor and discuss their goals. It needs no
        payment and no commitment. We reply to free-trial requests through our messaging app within 24 hours.
      </Paragraph>
    ),
  },
  {
    id: 'booking-and-payment',
    heading: 'Booking and Payment',
    body: (
      <Paragraph>
        Prices are shown in pounds sterling on our website and confirmed at checkout. Payment is taken by card through
        our payment provider and must be completed at least 48 hours before a session; a session that has not been paid
        for by then may be released. Sessions are booked with your tutor through the scheduling link on your dashboard.
      </Paragraph>
    ),
  },
  {
    id: 'packages-and-hours',
    heading: 'Packages and Hours',
    body: (
      <Paragraph>
        A single session is {Packages.singleSession.hours} hour. A {Packages.package5.name.toLowerCase()} gives you{' '}
        {Packages.package5.hours} hours and a {Packages.package10.name.toLowerCase()} {Packages.package10.hours} hours
        of tutoring in the subject you chose. Hours are deducted as you use them, in sessions of 1, 1.5 or 2 hours, and
        your dashboard shows the hours you have used and have left. Hours belong to the student named on the account and
        cannot be transferred or exchanged for cash. A single-use discount code reduces the price of one purchase.
      </Paragraph>
    ),
  },
  {
    id: 'cancellation',
    heading: 'Cancellation and No-Shows',
    body: (
      <Paragraph>
        Cancellation is free with 24 hours or more notice; the session is refunded or its hours returned to your
        package. With less than 24 hours&apos; notice, and if the student does not attend, the full fee is due and the
        hours are used. If we cancel a session, you may choose a new time or a full refund.
      </Paragraph>
    ),
  },
  {
    id: 'refunds',
    heading: 'Refunds and Your Right to Cancel',
    body: (
      <>
        <Paragraph>
          Under the Consumer Contracts Regulations 2013 you may cancel a purchase within 14 days of making it. If you
          ask us to start sessions within those 14 days, we deduct the value of the hours already used. You may also ask
          for a refund of unused package hours at any time; we deduct the hours used at the single-session price.
        </Paragraph>
        <Paragraph>
          To ask for a refund, email {supportLink}. Refunds are paid to the original payment method within 5-7 business
          days of our confirming them.
        </Paragraph>
        <Paragraph>
          A refund takes back the package&apos;s hours in proportion to the amount refunded, rounded up to the half
          hour, and we email you what changed. While a payment is disputed with your bank, its package is on hold and
          cannot be booked; if the dispute ends in your favour with the bank, the payment counts as refunded in full.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'recordings',
    heading: 'Session Recordings',
    body: (
      <Paragraph>
        All sessions are recorded, and by booking you consent to the recording. Recordings help us maintain the quality
        of our teaching, keep students and tutors safe and resolve disputes. They are kept for at most 24 months, as our{' '}
        <Link to="/privacy-policy">Privacy Policy</Link> explains.
      </Paragraph>
    ),
  },
  {
    id: 'conduct',
    heading: 'Conduct',
    body: (
      <Paragraph>
        Students and tutors treat each other with respect. Please join sessions on time, from a quiet place with a
        working camera and microphone. Our materials, mock exams and mock interviews are for your own study; do not
        share, sell or publish them. We may end a session or the service, with a refund of unused hours, if a student
        behaves abusively or breaks these terms.
      </Paragraph>
    ),
  },
  {
    id: 'liability',
    heading: 'Our Liability',
    body: (
      <Paragraph>
        We provide the service with reasonable care and skill. Our total liability to you for any purchase is limited to
        the price you paid for it. We are not liable for losses that were not foreseeable, or for interruptions caused
        by events beyond our reasonable control, such as failures of your internet connection. Nothing in these terms
        limits liability for death or personal injury caused by negligence, for fraud, or your statutory rights as a
        consumer.
      </Paragraph>
    ),
  },
  {
    id: 'governing-law',
    heading: 'Governing Law',
    body: (
      <Paragraph>
        These terms are governed by the law of England and Wales, and the courts of England and Wales have jurisdiction
        over any dispute. If you live in Scotland or Northern Ireland, you may also bring proceedings in your local
        courts.
      </Paragraph>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to These Terms',
    body: (
      <Paragraph>
        We give 30 days&apos; notice by email before a change to these terms takes effect. Purchases made before the
        change stay under the terms that applied when you made them. Questions about these terms are welcome at{' '}
        {supportLink}.
      </Paragraph>
    ),
  },
];

export function TermsRoute() {
  return (
    <LegalDocument
      title="Terms and Conditions"
      description={`The terms for one-to-one online tutoring with ${site.name}: booking, payment, cancellation, refunds and session recordings.`}
      lastUpdated="28 June 2025"
      intro={
        <Paragraph>
          These terms apply to every free trial, session and package you book with {site.name} (&quot;we&quot;). By
          booking, you accept them. Please read them together with our <Link to="/privacy-policy">Privacy Policy</Link>.
        </Paragraph>
      }
      sections={sections}
    />
  );
}
