import { Col, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { ConsultationForm } from '../../consultation/components/consultation-form';
import { FreeTrialFacts } from './free-trial-facts';

/** Home page section `#contact`, the target of every "Book" link: the facts and the consultation form. */
export function ContactSection() {
  return (
    <section id="contact" aria-labelledby="contact-heading" className="section">
      <div className="section__inner">
        <Typography.Title level={2} id="contact-heading">
          Book Your Free Trial Session
        </Typography.Title>
        <Row gutter={[48, 32]}>
          <Col xs={24} lg={10}>
            <FreeTrialFacts />
            <p>
              <Link to="/contact" className="button-link button-link--large">
                Request Your Free Trial
              </Link>
            </p>
          </Col>
          <Col xs={24} lg={14}>
            <Typography.Title level={3} id="consultation-heading" style={{ marginTop: 0 }}>
              Request a Consultation
            </Typography.Title>
            <Typography.Paragraph>
              Tell us what you need and our team will get back to you through our messaging app within 24 hours.
            </Typography.Paragraph>
            <ConsultationForm />
          </Col>
        </Row>
      </div>
    </section>
  );
}
