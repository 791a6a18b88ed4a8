import { PageTitle } from '../../components/page-title';
import { freeTrial } from '../../config/catalog';
import { FreeTrialFacts } from '../../features/free-trial/components/free-trial-facts';
import { FreeTrialForm } from '../../features/free-trial/components/free-trial-form';
import '../../features/free-trial/components/free-trial.css';
import { Title } from '@medtutor/web-kit/ui';

export function ContactRoute() {
  return (
    <div className="page">
      <PageTitle title="Request Your Free Trial" />
      <Title level={1}>Request Your Free Trial</Title>
      <div className="free-trial-columns">
        <div>
          <FreeTrialFacts />
          <Title level={2}>Your trial session ({freeTrial.duration})</Title>
          <ul className="feature-list">
            {freeTrial.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </div>
        <section aria-labelledby="free-trial-form-heading">
          <Title level={2} id="free-trial-form-heading" style={{ marginTop: 0 }}>
            Your details
          </Title>
          <FreeTrialForm />
        </section>
      </div>
    </div>
  );
}
