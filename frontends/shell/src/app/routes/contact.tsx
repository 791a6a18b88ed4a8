import { Col, Row, Typography } from 'antd';
import { PageTitle } from '../../components/page-title';
import { freeTrial } from '../../config/catalog';
import { FreeTrialFacts } from '../../features/free-trial/components/free-trial-facts';
import { FreeTrialForm } from '../../features/free-trial/components/free-trial-form';

export function ContactRoute() {
  return (
    <div className="page">
      <PageTitle title="Request Your Free Trial" />
      <Typography.Title level={1}>Request Your Free Trial</Typography.Title>
      <Row gutter={[48, 32]}>
        <Col xs={24} lg={10}>
          <FreeTrialFacts />
          <Typography.Title level={2}>Your trial session ({freeTrial.duration})</Typography.Title>
          <ul className="feature-list">
            {freeTrial.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </Col>
        <Col xs={24} lg={14}>
          <section aria-labelledby="free-trial-form-heading">
            <Typography.Title level={2} id="free-trial-form-heading" style={{ marginTop: 0 }}>
              Your details
            </Typography.Title>
            <FreeTrialForm />
          </section>
        </Col>
      </Row>
    </div>
  );
}
