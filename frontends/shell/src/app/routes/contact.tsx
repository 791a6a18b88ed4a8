import { Typography } from 'antd';
import { PageTitle } from '../../components/page-title';
import { freeTrial } from '../../config/catalog';
import { FreeTrialFacts } from '../../features/free-trial/components/free-trial-facts';

export function ContactRoute() {
  return (
    <div className="page page--prose">
      <PageTitle title="Request Your Free Trial" />
      <Typography.Title level={1}>Request Your Free Trial</Typography.Title>
      <FreeTrialFacts />
      <Typography.Title level={2}>Your {freeTrial.duration} trial session</Typography.Title>
      <ul className="feature-list">
        {freeTrial.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </div>
  );
}
