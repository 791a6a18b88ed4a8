import type { SessionPackageDto } from '@medtutor/contracts';
import { Modal, Table } from 'antd';
import { QueryState } from '../../../components/query-state';
import { useSessionLedger } from '../api/get-session-ledger';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** Every change of the package's used hours: who, when, how much and why. */
export function LedgerDialog({ pkg, onClose }: { pkg: SessionPackageDto; onClose: () => void }) {
  const ledger = useSessionLedger(pkg.id);
  return (
    <Modal open title={`Hours ledger: ${pkg.subject}, ${pkg.packageName}`} footer={null} onCancel={onClose} width={760}>
      <QueryState
        data={ledger.data}
        error={ledger.error}
        isLoading={ledger.isLoading}
        label="hours ledger"
        empty="No hours have been used on this package yet."
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
                title: 'Change',
                dataIndex: 'deltaHours',
                render: (delta: number) => `${delta > 0 ? '+' : ''}${delta} h`,
              },
              { title: 'Used after', dataIndex: 'usedHoursAfter', render: (hours: number) => `${hours} h` },
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
