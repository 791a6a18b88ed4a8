import {
  type AdminPaymentDetail,
  type DisputeStatus,
  formatMinor,
  type RefundStatus,
  type Settlement,
} from '@medtutor/contracts';
import { Alert, Button, Descriptions, Drawer, Empty, Flex, Spin, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useAdminPayment } from '../api/get-admin-payment';
import { when } from '../utils/format';
import { DisputeStatusLabels, RefundStatusLabels } from '../utils/status';
import { PaymentStatusTag } from './payment-status-tag';
import { RefundForm } from './refund-form';

const section = (text: string) => (
  <Typography.Title level={3} style={{ fontSize: '1rem', marginTop: 24 }}>
    {text}
  </Typography.Title>
);

const reference = (value: string | null): ReactNode =>
  value ? (
    <Typography.Text copyable style={{ fontFamily: 'monospace' }}>
      {value}
    </Typography.Text>
  ) : (
    'None yet'
  );

/** Stripe's own figure in GBP and the rate it used; none until its balance transaction is known. */
function settlementText(payment: AdminPaymentDetail, settlement: Settlement | null): string {
  if (!settlement) {
    return payment.provider === 'demo' && payment.currency !== 'GBP'
      ? 'None: the demo provider has no exchange rates.'
      : 'Not settled yet.';
  }
  return settlement.exchangeRate === null
    ? `${settlement.formattedAmount} (no conversion)`
    : `${settlement.formattedAmount} at Stripe's rate of ${settlement.exchangeRate}`;
}

function Details({ payment }: { payment: AdminPaymentDetail }) {
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          // The name alone: the address has its own line below (studentOf would repeat it).
          { key: 'student', label: 'Student', children: payment.studentName ?? `No name (user ${payment.userId})` },
          {
            key: 'email',
            label: 'Email',
            children: payment.studentEmail ? (
              <a href={`mailto:${payment.studentEmail}`}>{payment.studentEmail}</a>
            ) : (
              'Not recorded'
            ),
          },
          { key: 'subject', label: 'Subject', children: payment.subject },
          { key: 'package', label: 'Package', children: `${payment.packageName} (${payment.hours} h)` },
          { key: 'amount', label: 'Amount', children: payment.formattedAmount },
          { key: 'code', label: 'Discount code', children: payment.discountCode ?? 'None' },
          { key: 'status', label: 'Status', children: <PaymentStatusTag status={payment.status} /> },
          { key: 'refunded', label: 'Refunded', children: payment.formattedRefundedAmount },
          {
            key: 'left',
            label: 'Left to refund',
            children: formatMinor(payment.refundableAmount, payment.currency),
          },
          { key: 'provider', label: 'Provider', children: payment.provider === 'stripe' ? 'Stripe' : 'Demo' },
          { key: 'reference', label: 'Reference', children: reference(payment.providerReference) },
          { key: 'id', label: 'Payment ID', children: reference(payment.paymentId) },
          { key: 'created', label: 'Created', children: when(payment.createdAt) },
          { key: 'paid', label: 'Paid', children: payment.paidAt ? when(payment.paidAt) : 'Not paid' },
          ...(payment.failureReason
            ? [{ key: 'failure', label: 'Why it failed', children: payment.failureReason }]
            : []),
        ]}
      />

      {section('Refunds')}
      {payment.refunds.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No refunds." />
      ) : (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={payment.refunds}
          columns={[
            { title: 'Amount', dataIndex: 'formattedAmount' },
            {
              title: 'Status',
              dataIndex: 'status',
              render: (status: RefundStatus) => (
                <Tag color={status === 'succeeded' ? 'green' : status === 'pending' ? 'blue' : 'red'}>
                  {RefundStatusLabels[status]}
                </Tag>
              ),
            },
            { title: 'Reason', dataIndex: 'reason', render: (reason: string | null) => reason ?? 'None given' },
            {
              title: 'By',
              dataIndex: 'requestedBy',
              // Refunds made in Stripe's dashboard arrive by webhook, with no admin of ours behind them.
              render: (by: number | null) => (by === null ? 'Stripe dashboard' : `Admin (user ${by})`),
            },
            { title: 'When', dataIndex: 'createdAt', render: when },
          ]}
        />
      )}

      {section('Disputes')}
      {payment.disputes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No disputes." />
      ) : (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={payment.disputes}
          columns={[
            {
              title: 'Status',
              dataIndex: 'status',
              render: (status: DisputeStatus) => (
                <Tag color={status === 'open' ? 'red' : status === 'won' ? 'green' : 'volcano'}>
                  {DisputeStatusLabels[status]}
                </Tag>
              ),
            },
            { title: 'Amount', dataIndex: 'formattedAmount' },
            { title: 'Reason', dataIndex: 'reason', render: (reason: string | null) => reason ?? 'None given' },
            { title: 'Opened', dataIndex: 'openedAt', render: when },
            {
              title: 'Closed',
              dataIndex: 'closedAt',
              render: (closed: string | null) => (closed ? when(closed) : 'Open'),
            },
          ]}
        />
      )}

      {section('Settlement (GBP)')}
      <Typography.Paragraph>{settlementText(payment, payment.settlement)}</Typography.Paragraph>

      {section('Refund')}
      <RefundForm payment={payment} />
    </>
  );
}

function PaymentDetail({ paymentId }: { paymentId: string }) {
  const payment = useAdminPayment(paymentId);
  if (payment.data) return <Details payment={payment.data} />;
  if (payment.error !== undefined) {
    return (
      <Alert
        type="error"
        showIcon
        title="The payment could not be loaded."
        action={
          <Button size="small" onClick={() => void payment.mutate()}>
            Retry
          </Button>
        }
      />
    );
  }
  return (
    <Flex justify="center" style={{ padding: '2rem' }}>
      <Spin aria-label="Loading payment" description="Loading payment…" />
    </Flex>
  );
}

/** The drawer of one payment: every field, its refunds, disputes and settlement, and the refund form. */
export function PaymentDrawer({
  paymentId,
  open,
  onClose,
}: {
  /** The payment shown; kept after closing, so the drawer does not empty while it slides out. */
  paymentId: string | null;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer title="Payment details" open={open} onClose={onClose} size={720} destroyOnHidden>
      {paymentId !== null && <PaymentDetail paymentId={paymentId} />}
    </Drawer>
  );
}
