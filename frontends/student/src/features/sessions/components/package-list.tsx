import type { SessionPackageDto } from '@medtutor/contracts';
import { Col, Row } from 'antd';
import { SectionTitle } from '../../../components/section-title';
import { PackageCard } from './package-card';

export function PackageList({ packages }: { packages: SessionPackageDto[] }) {
  return (
    <section aria-labelledby="packages-heading">
      <div style={{ marginBottom: '1rem' }}>
        <SectionTitle id="packages-heading">Your Session Packages</SectionTitle>
      </div>
      <Row gutter={[16, 16]}>
        {packages.map((item) => (
          <Col xs={24} lg={12} key={item.id}>
            <PackageCard item={item} />
          </Col>
        ))}
      </Row>
    </section>
  );
}
