import { Link } from 'react-router';
import { Paragraph, Title } from '@medtutor/web-kit/ui';
import { ConsultationForm } from '../../consultation';
import { FreeTrialFacts } from './free-trial-facts';
import './free-trial.css';

/** Home page section `#contact`, the target of every "Book" link: the facts and the consultation form. */
export function ContactSection() {
  return (
    <section id="contact" aria-labelledby="contact-heading" className="section">
      <div className="section__inner">
        <Title level={2} id="contact-heading">
          Book Your Free Trial Session
        </Title>
        <div className="free-trial-columns">
          <div>
            <FreeTrialFacts />
            <p>
              <Link to="/contact" className="button-link button-link--large">
                Request Your Free Trial
              </Link>
            </p>
          </div>
          <div>
            <Title level={3} id="consultation-heading" style={{ marginTop: 0 }}>
              Request a Consultation
            </Title>
            <Paragraph>
              Tell us what you need and our team will get back to you through our messaging app within 24 hours.
            </Paragraph>
            <ConsultationForm />
          </div>
        </div>
      </div>
    </section>
  );
}
