import type { PackageDto } from '@medtutor/contracts';
import { Grid } from '@medtutor/web-kit/ui';
import { SectionTitle } from '../../../components/section-title';
import { PackageCard } from './package-card';

export function PackageList({ packages }: { packages: PackageDto[] }) {
  return (
    <section aria-labelledby="packages-heading">
      <div style={{ marginBottom: '1rem' }}>
        <SectionTitle id="packages-heading">Your Session Packages</SectionTitle>
      </div>
      <Grid columns={{ xs: 1, lg: 2 }} style={{ alignItems: 'start' }}>
        {packages.map((item) => (
          <PackageCard key={item.id} item={item} />
        ))}
      </Grid>
    </section>
  );
}
