import type { HoursLedgerEntryDto } from '@medtutor/contracts';
import { Table, Typography } from 'antd';
import { LoadFailed, Loading } from '../../../components/query-state';
import { useSessionLedger } from '../api/get-session-ledger';

const actorLabel: Record<HoursLedgerEntryDto['actorRole'], string> = {
  student: 'You',
  tutor: 'Tutor',
  admin: 'Our team',
  system: 'Automatic',
};

const formatWhen = (iso: string): string =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

const formatDelta = (delta: number): string => (delta > 0 ? `${delta} h used` : `${-delta} h given back`);

/** Every change of a package's used hours, so a family sees why the hours moved. */
export function HoursLedger({ sessionId, id }: { sessionId: number; id: string }) {
  const { data, error, isLoading, mutate } = useSessionLedger(sessionId, true);
  if (isLoading) return <Loading label="Loading hours history" />;
  if (error) return <LoadFailed title="Could not load the hours history" onRetry={() => void mutate()} />;
  if (!data || data.length === 0) {
    return (
      <Typography.Paragraph id={id} type="secondary" style={{ margin: 0 }}>
        No hours have been used from this package yet.
      </Typography.Paragraph>
    );
  }
  return (
    <Table
      id={id}
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={data}
      columns={[
        { key: 'when', title: 'When', render: (_, entry) => formatWhen(entry.createdAt) },
        { key: 'change', title: 'Change', render: (_, entry) => formatDelta(entry.deltaHours) },
        { key: 'after', title: 'Used after', render: (_, entry) => `${entry.usedHoursAfter} h` },
        { key: 'reason', title: 'Why', dataIndex: 'reason' },
        {
          key: 'by',
          title: 'By',
          render: (_, entry) => entry.actorName ?? actorLabel[entry.actorRole],
        },
      ]}
    />
  );
}
