import { Typography } from 'antd';
import { Link } from 'react-router';
import { FreeTrialFacts } from './free-trial-facts';

/** Home page section `#contact`, the target of every "Book" link. */
export function ContactSection() {
  return (
    <section id="contact" aria-labelledby="contact-heading" className="section">
      <div className="section__inner" style={{ maxWidth: 820 }}>
        <Typography.Title level={2} id="contact-heading">
          Book Your Free Trial Session
        </Typography.Title>
        <FreeTrialFacts />
        <p>
          <Link to="/contact" className="button-link button-link--large">
            Request Your Free Trial
          </Link>
        </p>
      </div>
    </section>
  );
}
