import type { SessionPackageDto } from '@medtutor/contracts';
import { Col, Row } from 'antd';
import { SectionTitle } from '../../../components/section-title';
import { remainingHours } from '../../sessions/utils/package-status';
import { ScheduleCard } from './schedule-card';

/** A scheduling card for every package with hours left (spec section 4: hidden once used up). */
export function ScheduleSection({ packages }: { packages: SessionPackageDto[] }) {
  const bookable = packages.filter((item) => remainingHours(item) > 0);
  if (bookable.length === 0) return null;
  return (
    <section id="schedule" aria-labelledby="schedule-heading" tabIndex={-1}>
      <div style={{ marginBottom: '1rem' }}>
        <SectionTitle id="schedule-heading">Schedule a Session</SectionTitle>
      </div>
      <Row gutter={[16, 16]}>
        {bookable.map((item) => (
          <Col xs={24} md={12} xl={8} key={item.id}>
            <ScheduleCard item={item} />
          </Col>
        ))}
      </Row>
    </section>
  );
}
