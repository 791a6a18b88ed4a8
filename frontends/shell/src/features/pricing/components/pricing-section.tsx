import { Card, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { freeTrial, paidPlanFeatures, subjects } from '../../../config/catalog';

const range = (values: number[]) => {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? `£${low}` : `£${low}-${high}`;
};

/** Home page section `#pricing` (spec sections 2 and 9). */
export function PricingSection() {
  const plans = [
    {
      title: 'Single Session',
      price: range(subjects.map((s) => s.prices.singleSession)),
      subtitle: 'per hour',
      features: paidPlanFeatures,
      popular: false,
    },
    {
      title: '5-Session Package',
      price: range(subjects.map((s) => s.prices.package5)),
      subtitle: '5 hours of tutoring',
      features: [...paidPlanFeatures, 'Priority booking'],
      popular: true,
    },
    {
      title: '10-Session Package',
      price: range(subjects.map((s) => s.prices.package10)),
      subtitle: '10 hours of tutoring',
      features: [...paidPlanFeatures, 'Priority booking', 'Flexible scheduling'],
      popular: false,
    },
  ];

  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="section section--tinted">
      <div className="section__inner">
        <Typography.Title level={2} id="pricing-heading">
          Start with a Free Trial
        </Typography.Title>
        <Typography.Paragraph>
          Every student starts with our FREE trial session - no payment required, no commitment needed.
        </Typography.Paragraph>
        <div className="card-grid">
          <Card
            title={
              <Typography.Title level={3} style={{ margin: 0 }}>
                Free Trial
              </Typography.Title>
            }
            extra={<Tag color="#0f5fa8">Most Popular</Tag>}
          >
            <p className="price">£0</p>
            <Typography.Paragraph type="secondary">{freeTrial.duration}</Typography.Paragraph>
            <ul className="feature-list">
              {freeTrial.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <p>
              <Link to="/#contact" className="button-link">
                Book Free Trial
              </Link>
            </p>
          </Card>
          {plans.map((plan) => (
            <Card
              key={plan.title}
              title={
                <Typography.Title level={3} style={{ margin: 0 }}>
                  {plan.title}
                </Typography.Title>
              }
              extra={plan.popular && <Tag color="#0f5fa8">Most Popular</Tag>}
            >
              <p className="price">{plan.price}</p>
              <Typography.Paragraph type="secondary">{plan.subtitle}</Typography.Paragraph>
              <ul className="feature-list">
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            </Card>
          ))}
        </div>
      </div>
    </section>
  );
}
