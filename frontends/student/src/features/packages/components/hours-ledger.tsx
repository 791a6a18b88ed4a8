import type { HoursLedgerEntryDto } from '@medtutor/contracts';
import { AntdRoot } from '@medtutor/web-kit/antd';
import { usePackageLedger } from '@medtutor/web-kit/package-ledger';
import { Paragraph } from '@medtutor/web-kit/ui';
import { Table, Tag } from 'antd';
import { LoadFailed, Loading } from '../../../components/query-state';
import { ledgerAfter, ledgerChange, ledgerKindLabel } from '../utils/ledger';

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

/** Solid tags (white text) dark enough for WCAG AA contrast; antd's light presets are not. */
const kindColor: Record<HoursLedgerEntryDto['kind'], string | undefined> = {
  usage: undefined,
  refund: '#ad4e00',
  dispute: '#a8071a',
};

/** Every change of a package's hours (sessions, refunds, disputes), so a family sees why they moved. */
export function HoursLedger({ packageId, id }: { packageId: number; id: string }) {
  const { data, error, isLoading, mutate } = usePackageLedger(packageId);
  if (isLoading) return <Loading label="Loading hours history" />;
  if (error) return <LoadFailed title="Could not load the hours history" onRetry={() => void mutate()} />;
  if (!data || data.length === 0) {
    return (
      <Paragraph id={id} type="secondary" style={{ margin: 0 }}>
        No hours have been used from this package yet.
      </Paragraph>
    );
  }
  // The region scrolls sideways on narrow cards and takes the focus, so keyboards can scroll it too.
  // The table is antd's, under its own root: the dashboard around it is drawn without antd.
  return (
    <div id={id} role="region" aria-label="Hours history" tabIndex={0} style={{ overflowX: 'auto' }}>
      <AntdRoot>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={data}
          columns={[
            { key: 'when', title: 'When', render: (_, entry) => formatWhen(entry.createdAt) },
            {
              key: 'kind',
              title: 'What',
              render: (_, entry) => <Tag color={kindColor[entry.kind]}>{ledgerKindLabel[entry.kind]}</Tag>,
            },
            { key: 'change', title: 'Change', render: (_, entry) => ledgerChange(entry) },
            { key: 'after', title: 'After', render: (_, entry) => ledgerAfter(entry) },
            { key: 'reason', title: 'Why', dataIndex: 'reason' },
            {
              key: 'by',
              title: 'By',
              render: (_, entry) => entry.actorName ?? actorLabel[entry.actorRole],
            },
          ]}
        />
      </AntdRoot>
    </div>
  );
}
