import type { LedgerEntryKind, PackageDto } from '@medtutor/contracts';
import { usePackageLedger } from '@medtutor/web-kit/package-ledger';
import { Modal, Table, Tag } from 'antd';
import { QueryState } from '../../../components/query-state';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** Solid tags (white text) dark enough for WCAG AA contrast; antd's light presets are not. */
const kindTag: Record<LedgerEntryKind, { label: string; color?: string }> = {
  usage: { label: 'Usage' },
  refund: { label: 'Refund', color: '#ad4e00' },
  dispute: { label: 'Dispute', color: '#a8071a' },
};

/** Hours with their sign, a true minus for the hours taken away. */
const signed = (hours: number) => (hours === 0 ? '0 h' : `${hours > 0 ? '+' : '\u2212'}${Math.abs(hours)} h`);

/** Every change of the package's hours (usage, refunds, disputes): who, when, how much and why. */
export function LedgerDialog({ pkg, onClose }: { pkg: PackageDto; onClose: () => void }) {
  const ledger = usePackageLedger(pkg.id);
  return (
    <Modal open title={`Hours ledger: ${pkg.subject}, ${pkg.packageName}`} footer={null} onCancel={onClose} width={900}>
      <QueryState
        data={ledger.data}
        error={ledger.error}
        isLoading={ledger.isLoading}
        label="hours ledger"
        empty="No hours have changed on this package yet."
        onRetry={() => void ledger.mutate()}
      >
        {(entries) => (
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            scroll={{ x: true }}
            dataSource={entries}
            columns={[
              { title: 'When', dataIndex: 'createdAt', render: when },
              {
                title: 'Kind',
                dataIndex: 'kind',
                render: (kind: LedgerEntryKind) => <Tag color={kindTag[kind].color}>{kindTag[kind].label}</Tag>,
              },
              { title: 'Used change', dataIndex: 'deltaHours', render: signed },
              { title: 'Used after', dataIndex: 'usedHoursAfter', render: (hours: number) => `${hours} h` },
              { title: 'Total change', dataIndex: 'totalDeltaHours', render: signed },
              { title: 'Total after', dataIndex: 'totalHoursAfter', render: (hours: number) => `${hours} h` },
              { title: 'Why', dataIndex: 'reason' },
              {
                title: 'By',
                key: 'by',
                render: (_, entry) => [entry.actorName, `(${entry.actorRole})`].filter(Boolean).join(' '),
              },
            ]}
          />
        )}
      </QueryState>
    </Modal>
  );
}
