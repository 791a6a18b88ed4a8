import type { PackageType } from '@medtutor/contracts';
import { Button, Card, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { BookingDialog } from '../../../components/purchase/booking-dialog';
import { PackageDialog } from '../../../components/purchase/package-dialog';
import { useCatalog } from '../../../lib/catalog';
import { priceRange, savingRange } from '../utils/plans';

/** Every paid plan includes these (spec section 9). */
const paidPlanFeatures = [
  '1-on-1 expert online tutoring',
  'Personalized lessons',
  'Messaging-app support',
  'Mock exams/interviews',
];

const freeTrialFeatures = [
  'Meet your tutor',
  'Discuss goals and needs',
  'No commitment required',
  'Personalized recommendations',
];

type PackagePlan = Exclude<PackageType, 'singleSession'>;

interface PlanCardProps {
  title: string;
  price: string;
  subtitle: string;
  features: readonly string[];
  popular?: boolean;
  action: ReactNode;
}

function PlanCard({ title, price, subtitle, features, popular = false, action }: PlanCardProps) {
  return (
    <Card
      className={popular ? 'plan-card plan-card--popular' : 'plan-card'}
      title={
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
      extra={
        popular && (
          <Tag disabled={false} color="#0f5fa8">
            Most Popular
          </Tag>
        )
      }
    >
      <p className="price">{price}</p>
      <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>
      <ul className="feature-list">
        {features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <div className="plan-card__action">{action}</div>
    </Card>
  );
}

/** Home page section `#pricing` (spec sections 2 and 9): the four plans and their buttons. */
export function PricingSection() {
  const { catalog } = useCatalog();
  const [bookingOpen, setBookingOpen] = useState(false);
  const [packagePlan, setPackagePlan] = useState<{ type: PackagePlan; title: string } | null>(null);

  const packagePlans: { type: PackagePlan; title: string; extras: string[]; popular: boolean }[] = [
    { type: 'package5', title: '5-Session Package', extras: ['Priority booking'], popular: true },
    {
      type: 'package10',
      title: '10-Session Package',
      extras: ['Priority booking', 'Flexible scheduling'],
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
          <PlanCard
            title="Free Trial"
            price="£0"
            subtitle="15-30 minutes"
            features={freeTrialFeatures}
            popular
            action={
              <Link to="/#contact" className="button-link">
                Book Free Trial
              </Link>
            }
          />
          <PlanCard
            title="Single Session"
            price={priceRange(catalog, 'singleSession')}
            subtitle="per hour"
            features={paidPlanFeatures}
            action={
              <Button type="primary" size="large" onClick={() => setBookingOpen(true)}>
                Book Session
              </Button>
            }
          />
          {packagePlans.map((plan) => (
            <PlanCard
              key={plan.type}
              title={plan.title}
              price={priceRange(catalog, plan.type)}
              subtitle={`${catalog.packages.find((entry) => entry.type === plan.type)?.hours ?? ''} hours, save ${savingRange(catalog, plan.type)}`}
              features={[...paidPlanFeatures, ...plan.extras]}
              popular={plan.popular}
              action={
                <Button
                  type="primary"
                  size="large"
                  aria-label={`Buy Now: ${plan.title}`}
                  onClick={() => setPackagePlan({ type: plan.type, title: plan.title })}
                >
                  Buy Now
                </Button>
              }
            />
          ))}
        </div>
      </div>
      <BookingDialog open={bookingOpen} onClose={() => setBookingOpen(false)} />
      {packagePlan && (
        <PackageDialog
          key={packagePlan.type}
          open
          onClose={() => setPackagePlan(null)}
          packageType={packagePlan.type}
          title={packagePlan.title}
        />
      )}
    </section>
  );
}
