import { Card, Grid, Statistic } from '@medtutor/web-kit/ui';
import type { HoursSummary } from '../../packages';

/** docs/product.md §2's four summary cards. Free trial status comes from the session's user (checked once). */
export function SummaryCards({ hours, freeTrialUsed }: { hours: HoursSummary; freeTrialUsed: boolean }) {
  const cards = [
    { key: 'total', title: 'Total Hours Purchased', value: hours.total },
    { key: 'used', title: 'Hours Used', value: hours.used },
    { key: 'remaining', title: 'Hours Remaining', value: hours.remaining },
  ];
  return (
    <Grid columns={{ xs: 2, lg: 4 }} role="list" aria-label="Summary">
      {cards.map((card) => (
        <Card key={card.key} role="listitem">
          <Statistic title={card.title} value={card.value} />
        </Card>
      ))}
      <Card role="listitem">
        <Statistic
          title="Free Trial"
          value={freeTrialUsed ? 'Used' : 'Available'}
          valueStyle={freeTrialUsed ? undefined : { color: '#237804' }}
        />
      </Card>
    </Grid>
  );
}
