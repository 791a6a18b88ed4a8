import { Paragraph } from '@medtutor/web-kit/ui';

/** What a free trial is and what happens after a request (docs/product.md §1 and §9). */
export function FreeTrialFacts() {
  return (
    <>
      <Paragraph>
        Request a free 15-30 minute trial session to meet your tutor and talk through your goals. There is no payment
        and no commitment.
      </Paragraph>
      <ul className="feature-list">
        <li>Our team replies through our messaging app within 24 hours.</li>
        <li>Available for Medical School Interviews and Medical School Support.</li>
        <li>Parents are welcome to request a session for their child.</li>
        <li>Our service is for students over 13; students under 18 need parental consent.</li>
      </ul>
    </>
  );
}
