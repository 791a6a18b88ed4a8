import { type PackageDto, PackageHoldMessages } from '@medtutor/contracts';
import { Alert, Button, Card, Flex, Paragraph, Progress, Tag, Text, Title } from '@medtutor/web-kit/ui';
import { Suspense, lazy, useId, useState } from 'react';
import { Loading } from '../../../components/query-state';
import { holdReason, packageStatus, progressPercent, refundedHours, remainingHours } from '../utils/package-status';

// antd's Table loads with the first history opened, not with the dashboard.
const HoursLedger = lazy(() => import('./hours-ledger').then((module) => ({ default: module.HoursLedger })));

// COMPLETED in antd's filled tag of #237804 (its hue at 95% lightness behind), dark enough for AA contrast.
const statusTag = {
  'Not Started': <Tag color="default">Not Started</Tag>,
  'In Progress': <Tag color="blue">In Progress</Tag>,
  COMPLETED: (
    <Tag color="default" style={{ background: '#edfee6', color: '#237804' }}>
      COMPLETED
    </Tag>
  ),
} as const;

const hoursText = (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

const formatDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * One package (docs/product.md §2); a used-up package turns red-tinted with a green COMPLETED badge.
 * Its hours are those left after any refund (issue 16), with what a refund took back and why the
 * package is on hold or overdrawn said in words, not only in the numbers.
 */
export function PackageCard({ item }: { item: PackageDto }) {
  const status = packageStatus(item);
  const completed = status === 'COMPLETED';
  const hold = holdReason(item);
  const refunded = refundedHours(item);
  const [historyOpen, setHistoryOpen] = useState(false);
  const historyId = useId();
  return (
    <Card
      data-testid="package-card"
      style={completed ? { background: '#fff1f0', borderColor: '#ffa39e' } : undefined}
      title={
        <Title level={3} style={{ margin: 0, fontSize: '1.05rem', whiteSpace: 'normal' }}>
          {item.subject}
        </Title>
      }
      extra={statusTag[status]}
    >
      <Paragraph strong style={{ marginBottom: '0.5rem' }}>
        {item.packageName}
      </Paragraph>
      {hold && <Alert type="warning" showIcon title="On hold" description={hold} style={{ marginBottom: '0.75rem' }} />}
      {item.overdrawnHours > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`Overdrawn by ${hoursText(item.overdrawnHours)}`}
          description={PackageHoldMessages.overdrawn}
          style={{ marginBottom: '0.75rem' }}
        />
      )}
      <Progress
        percent={progressPercent(item)}
        status={completed ? 'success' : 'normal'}
        label={`${item.usedHours} of ${item.totalHours} hours used`}
      />
      <Flex wrap gap="large" style={{ margin: '0.75rem 0' }}>
        <span>
          <Text type="secondary">Purchased </Text>
          {formatDate(item.purchaseDate)}
        </span>
        <span>
          <Text type="secondary">Used </Text>
          {item.usedHours} of {item.totalHours} h
        </span>
        {item.reservedHours > 0 && (
          <span>
            <Text type="secondary">Booked </Text>
            {item.reservedHours} h
          </span>
        )}
        <span>
          <Text type="secondary">Remaining </Text>
          <strong>{remainingHours(item)} h</strong>
        </span>
        {refunded > 0 && <Text type="secondary">{hoursText(refunded)} refunded</Text>}
      </Flex>
      <Button
        variant="link"
        style={{ padding: 0 }}
        aria-expanded={historyOpen}
        aria-controls={historyId}
        onClick={() => setHistoryOpen(!historyOpen)}
      >
        {historyOpen ? 'Hide hours history' : 'Show hours history'}
      </Button>
      {historyOpen && (
        <div style={{ marginTop: '0.5rem' }}>
          <Suspense fallback={<Loading label="Loading the hours history" />}>
            <HoursLedger packageId={item.id} id={historyId} />
          </Suspense>
        </div>
      )}
    </Card>
  );
}
