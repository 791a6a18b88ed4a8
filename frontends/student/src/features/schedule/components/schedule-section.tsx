import type { PackageDto } from '@medtutor/contracts';
import { Grid } from '@medtutor/web-kit/ui';
import { SectionTitle } from '../../../components/section-title';
import { remainingHours } from '../../packages';
import { ScheduleCard } from './schedule-card';

/** A scheduling card for every package with hours left (docs/product.md §4: hidden once used up). */
export function ScheduleSection({ packages }: { packages: PackageDto[] }) {
  const bookable = packages.filter((item) => remainingHours(item) > 0);
  if (bookable.length === 0) return null;
  return (
    <section id="schedule" aria-labelledby="schedule-heading" tabIndex={-1}>
      <div style={{ marginBottom: '1rem' }}>
        <SectionTitle id="schedule-heading">Schedule a Session</SectionTitle>
      </div>
      <Grid columns={{ xs: 1, md: 2, xl: 3 }}>
        {bookable.map((item) => (
          <ScheduleCard key={item.id} item={item} />
        ))}
      </Grid>
    </section>
  );
}
