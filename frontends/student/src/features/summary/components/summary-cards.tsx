import { Card, Col, Row, Statistic } from 'antd';
import type { HoursSummary } from '../../sessions/utils/package-status';

/** Spec section 2's four summary cards. Free trial status comes from the session's user (checked once). */
export function SummaryCards({ hours, freeTrialUsed }: { hours: HoursSummary; freeTrialUsed: boolean }) {
  const cards = [
    { key: 'total', title: 'Total Hours Purchased', value: hours.total },
    { key: 'used', title: 'Hours Used', value: hours.used },
    { key: 'remaining', title: 'Hours Remaining', value: hours.remaining },
  ];
  return (
    <Row gutter={[16, 16]} role="list" aria-label="Summary">
      {cards.map((card) => (
        <Col xs={12} lg={6} key={card.key} role="listitem">
          <Card style={{ height: '100%' }}>
            <Statistic title={card.title} value={card.value} />
          </Card>
        </Col>
      ))}
      <Col xs={12} lg={6} role="listitem">
        <Card style={{ height: '100%' }}>
          <Statistic
            title="Free Trial"
            value={freeTrialUsed ? 'Used' : 'Available'}
            styles={{ content: { color: freeTrialUsed ? undefined : '#237804' } }}
          />
        </Card>
      </Col>
    </Row>
  );
}
