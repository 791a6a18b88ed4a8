import { type CurrencyCode, type PackageType, formatListPrice } from '@medtutor/contracts';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { BookingDialog, prefetchBookingDialog } from '../../../components/purchase/booking-dialog';
import { PackageDialog, prefetchPackageDialog } from '../../../components/purchase/package-dialog';
import { packageHours, packageName, useCatalog } from '../../../lib/catalog';
import { Button, Card, Paragraph, Tag, Title } from '@medtutor/web-kit/ui';
import { priceRange, savingRange } from '../utils/plans';

/** Every paid plan includes these (docs/product.md §9). */
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
        <Title level={3} style={{ margin: 0 }}>
          {title}
        </Title>
      }
      extra={popular && <Tag color="brand">Most Popular</Tag>}
    >
      <p className="price">{price}</p>
      <Paragraph type="secondary">{subtitle}</Paragraph>
      <ul className="feature-list">
        {features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <div className="plan-card__action">{action}</div>
    </Card>
  );
}

/**
 * Home page section `#pricing` (docs/product.md §2 and §9): the four plans and their buttons. Every figure
 * comes from the catalog, in `currency` (the catalog's default, GBP, unless a page picks another).
 */
export function PricingSection({ currency: chosenCurrency }: { currency?: CurrencyCode } = {}) {
  const { catalog } = useCatalog();
  const currency = chosenCurrency ?? catalog.defaultCurrency;
  const [bookingOpen, setBookingOpen] = useState(false);
  const [packagePlan, setPackagePlan] = useState<{ type: PackagePlan; title: string } | null>(null);

  const packagePlans: { type: PackagePlan; title: string; extras: string[]; popular: boolean }[] = [
    { type: 'package5', title: packageName(catalog, 'package5'), extras: ['Priority booking'], popular: true },
    {
      type: 'package10',
      title: packageName(catalog, 'package10'),
      extras: ['Priority booking', 'Flexible scheduling'],
      popular: false,
    },
  ];

  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="section section--tinted">
      <div className="section__inner">
        <Title level={2} id="pricing-heading">
          Start with a Free Trial
        </Title>
        <Paragraph>
          Every student starts with our FREE trial session - no payment required, no commitment needed.
        </Paragraph>
        <div className="card-grid">
          <PlanCard
            title="Free Trial"
            price={formatListPrice(0, currency)}
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
            title={packageName(catalog, 'singleSession')}
            price={priceRange(catalog, 'singleSession', currency)}
            subtitle="per hour"
            features={paidPlanFeatures}
            action={
              <Button
                variant="primary"
                size="large"
                // The dialog's code (antd) starts downloading as the visitor reaches for the button.
                onPointerEnter={prefetchBookingDialog}
                onFocus={prefetchBookingDialog}
                onClick={() => setBookingOpen(true)}
              >
                Book Session
              </Button>
            }
          />
          {packagePlans.map((plan) => (
            <PlanCard
              key={plan.type}
              title={plan.title}
              price={priceRange(catalog, plan.type, currency)}
              subtitle={`${packageHours(catalog, plan.type) ?? ''} hours, save ${savingRange(catalog, plan.type, currency)}`}
              features={[...paidPlanFeatures, ...plan.extras]}
              popular={plan.popular}
              action={
                <Button
                  variant="primary"
                  size="large"
                  aria-label={`Buy Now: ${plan.title}`}
                  onPointerEnter={prefetchPackageDialog}
                  onFocus={prefetchPackageDialog}
                  onClick={() => setPackagePlan({ type: plan.type, title: plan.title })}
                >
                  Buy Now
                </Button>
              }
            />
          ))}
        </div>
      </div>
      <BookingDialog open={bookingOpen} onClose={() => setBookingOpen(false)} currency={currency} />
      {packagePlan && (
        <PackageDialog
          key={packagePlan.type}
          open
          onClose={() => setPackagePlan(null)}
          packageType={packagePlan.type}
          title={packagePlan.title}
          currency={currency}
        />
      )}
    </section>
  );
}
