import { Notices, RecentlyApprovedPayslipsCount } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Button, Card, Col, Empty, Flex, Popconfirm, Row, Table, Typography } from 'antd';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state';
import type { PayslipDto as Payslip } from '@medtutor/contracts';
import { BackOfficeNotices } from '../../../lib/messages';
import { approvePayslip } from '../api/approve-payslip';
import { deletePayslip } from '../api/delete-payslip';
import { usePayslips } from '../api/get-payslips';
import { markPayslipPaid } from '../api/mark-payslip-paid';
import { recentlyApproved, weekOf } from '../utils/payslip-lists';
import { PayslipStatusTag } from './payslip-status-tag';

const N = Notices.dashboards;

/** Payslips: review, approve, mark paid or delete tutors' weekly timesheets. */
export function PayslipsTab() {
  const payslips = usePayslips();
  const notices = useNotices();
  const [busy, setBusy] = useState<number>();

  const act = async (id: number, run: (id: number) => Promise<void>, success: string, failure: string) => {
    setBusy(id);
    try {
      await run(id);
      notices.success(success);
    } catch (error) {
      notices.error(failure, error, failure);
    } finally {
      setBusy(undefined);
    }
  };

  const actions = (payslip: Payslip) => (
    <Flex gap="small" wrap>
      {payslip.status === 'submitted' && (
        <Button
          size="small"
          type="primary"
          loading={busy === payslip.id}
          onClick={() => act(payslip.id, approvePayslip, N.payslipApproved, N.payslipApproveFailed)}
          aria-label={`Approve payslip of ${payslip.tutorName} for the week of ${weekOf(payslip.weekStarting)}`}
        >
          Approve
        </Button>
      )}
      {payslip.status === 'approved' && (
        <Button
          size="small"
          loading={busy === payslip.id}
          onClick={() =>
            act(
              payslip.id,
              markPayslipPaid,
              BackOfficeNotices.payslipMarkedPaid,
              BackOfficeNotices.payslipMarkPaidFailed,
            )
          }
          aria-label={`Mark payslip of ${payslip.tutorName} for the week of ${weekOf(payslip.weekStarting)} as paid`}
        >
          Mark Paid
        </Button>
      )}
      <Popconfirm
        title="Delete this payslip?"
        okText="Delete"
        okButtonProps={{ danger: true }}
        onConfirm={() => act(payslip.id, deletePayslip, N.payslipDeleted, N.payslipDeleteFailed)}
      >
        <Button
          size="small"
          danger
          disabled={busy === payslip.id}
          aria-label={`Delete payslip of ${payslip.tutorName} for the week of ${weekOf(payslip.weekStarting)}`}
        >
          Delete
        </Button>
      </Popconfirm>
    </Flex>
  );

  return (
    <QueryState
      data={payslips.data}
      error={payslips.error}
      isLoading={payslips.isLoading}
      label="payslips"
      empty="No payslips yet. Tutors' timesheets appear here once they are created."
      onRetry={() => void payslips.mutate()}
    >
      {(list) => {
        const approved = recentlyApproved(list);
        return (
          <Row gutter={[24, 24]}>
            <Col xs={24} xl={16}>
              <Table
                size="small"
                rowKey="id"
                scroll={{ x: true }}
                pagination={{ pageSize: 20, hideOnSinglePage: true }}
                dataSource={list}
                columns={[
                  {
                    title: 'Tutor',
                    key: 'tutor',
                    render: (_, payslip) => (
                      <>
                        {payslip.tutorName}
                        {payslip.tutorEmail && (
                          <div>
                            <Typography.Text type="secondary">{payslip.tutorEmail}</Typography.Text>
                          </div>
                        )}
                      </>
                    ),
                  },
                  { title: 'Week starting', dataIndex: 'weekStarting', render: weekOf },
                  { title: 'Hours', dataIndex: 'hoursWorked', render: (hours: number) => hours.toFixed(1) },
                  {
                    title: 'Students tutored',
                    dataIndex: 'studentNotes',
                    render: (notes: string | null | undefined) => (
                      <span style={{ whiteSpace: 'pre-line' }}>{notes || '—'}</span>
                    ),
                  },
                  {
                    title: 'Status',
                    dataIndex: 'status',
                    render: (status: string) => <PayslipStatusTag status={status} />,
                  },
                  { title: 'Actions', key: 'actions', render: (_, payslip) => actions(payslip) },
                ]}
              />
            </Col>
            <Col xs={24} xl={8}>
              <Card
                size="small"
                title={
                  <Typography.Title level={3} style={{ fontSize: '1rem', margin: 0 }}>
                    Recently Approved
                  </Typography.Title>
                }
              >
                {approved.length === 0 ? (
                  <Empty description="No payslips have been approved yet." />
                ) : (
                  <ol
                    aria-label={`First ${RecentlyApprovedPayslipsCount} approved payslips`}
                    style={{ paddingLeft: '1.25rem', margin: 0 }}
                  >
                    {approved.map((payslip) => (
                      <li key={payslip.id} style={{ marginBottom: 8 }}>
                        <strong>{payslip.tutorName}</strong>, week of {weekOf(payslip.weekStarting)}:{' '}
                        {payslip.hoursWorked.toFixed(1)} h <PayslipStatusTag status={payslip.status} />
                      </li>
                    ))}
                  </ol>
                )}
              </Card>
            </Col>
          </Row>
        );
      }}
    </QueryState>
  );
}
