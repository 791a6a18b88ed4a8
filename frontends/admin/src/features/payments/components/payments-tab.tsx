import {
  type AdminPayment,
  type AdminPaymentsQuery,
  AdminPaymentsLimits,
  AdminPaymentStatuses,
  type AdminPaymentStatus,
  Currencies,
  type CurrencyCode,
  CurrencyCodes,
} from '@medtutor/contracts';
import { Alert, Button, DatePicker, Flex, Input, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { useAdminPayments } from '../api/get-admin-payments';
import { dateRangeFilter } from '../utils/filters';
import { studentOf, when } from '../utils/format';
import { AdminPaymentStatusLabels } from '../utils/status';
import { PaymentDrawer } from './payment-drawer';
import { PaymentStatusTag } from './payment-status-tag';

/** The list's query as this tab holds it (the contract's input type is looser: it also takes query-string text). */
interface Query extends AdminPaymentsQuery {
  q?: string;
  status?: AdminPaymentStatus;
  currency?: CurrencyCode;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

const firstPage: Query = { page: 1, pageSize: AdminPaymentsLimits.defaultPageSize };

/** The reference is copied, not followed: a click on it must not open the drawer as well. */
const Reference = ({ value }: { value: string | null }) =>
  value ? (
    <span onClick={(event) => event.stopPropagation()}>
      <Typography.Text copyable style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        {value}
      </Typography.Text>
    </span>
  ) : (
    <Typography.Text type="secondary">None yet</Typography.Text>
  );

/**
 * Payments: every payment for the admins, searched and filtered on the server, a page at a time;
 * a row (or its Details button) opens the drawer with the refund form.
 */
export function PaymentsTab() {
  const [query, setQuery] = useState<Query>(firstPage);
  const [drawer, setDrawer] = useState<{ paymentId: string | null; open: boolean }>({ paymentId: null, open: false });
  const openDrawer = (paymentId: string) => setDrawer({ paymentId, open: true });
  const payments = useAdminPayments(query);
  // A changed filter starts again from the first page: the old page number may not exist any more.
  const filter = (patch: Partial<Omit<Query, 'page' | 'pageSize'>>) =>
    setQuery((current) => ({ ...current, ...patch, page: 1 }));
  const filtered = Boolean(query.q || query.status || query.currency || query.from || query.to);

  return (
    <Flex vertical gap="middle">
      <Flex gap="small" wrap align="center">
        <Input.Search
          aria-label="Search payments"
          placeholder="Student email or name, discount code, reference"
          allowClear
          maxLength={AdminPaymentsLimits.searchMax}
          onSearch={(value) => filter({ q: value.trim() || undefined })}
          style={{ maxWidth: 380 }}
        />
        <Select<AdminPaymentStatus>
          aria-label="Filter by status"
          placeholder="All statuses"
          allowClear
          value={query.status}
          onChange={(status) => filter({ status })}
          options={AdminPaymentStatuses.map((status) => ({ value: status, label: AdminPaymentStatusLabels[status] }))}
          style={{ minWidth: 180 }}
        />
        <Select<CurrencyCode>
          aria-label="Filter by currency"
          placeholder="All currencies"
          allowClear
          value={query.currency}
          onChange={(currency) => filter({ currency })}
          options={CurrencyCodes.map((code) => ({ value: code, label: `${code} (${Currencies[code].symbol})` }))}
          style={{ minWidth: 160 }}
        />
        <DatePicker.RangePicker
          aria-label="Created between"
          placeholder={['Created from', 'Created to']}
          allowEmpty={[true, true]}
          onChange={(dates) => filter(dateRangeFilter(dates))}
        />
      </Flex>
      {payments.error !== undefined && payments.data !== undefined && (
        <Alert
          type="warning"
          showIcon
          title="The payments could not be refreshed: the list below may be out of date."
        />
      )}
      <QueryState
        data={payments.data?.items}
        error={payments.error}
        isLoading={payments.isLoading}
        label="payments"
        empty={filtered ? 'No payments match these filters.' : 'No payments yet.'}
        onRetry={() => void payments.mutate()}
      >
        {(items) => (
          <Table<AdminPayment>
            size="small"
            rowKey="paymentId"
            loading={payments.isValidating}
            scroll={{ x: true }}
            dataSource={items}
            onRow={(payment) => ({ onClick: () => openDrawer(payment.paymentId), style: { cursor: 'pointer' } })}
            pagination={{
              current: payments.data?.page ?? query.page,
              pageSize: payments.data?.pageSize ?? query.pageSize,
              total: payments.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, AdminPaymentsLimits.maxPageSize],
              showTotal: (total) => `${total} ${total === 1 ? 'payment' : 'payments'}`,
            }}
            onChange={(pagination) =>
              setQuery((current) => {
                const pageSize = pagination.pageSize ?? current.pageSize;
                // A new page size starts from the first page, like a new filter.
                return { ...current, pageSize, page: pageSize === current.pageSize ? (pagination.current ?? 1) : 1 };
              })
            }
            columns={[
              { title: 'Created', dataIndex: 'createdAt', render: when },
              {
                title: 'Student',
                key: 'student',
                render: (_, payment) => (
                  <Flex vertical>
                    <span>{studentOf(payment)}</span>
                    {payment.studentEmail && payment.studentName && (
                      <Typography.Text type="secondary">{payment.studentEmail}</Typography.Text>
                    )}
                  </Flex>
                ),
              },
              {
                title: 'Subject / Package',
                key: 'package',
                render: (_, payment) => (
                  <Flex vertical>
                    <span>{payment.subject}</span>
                    <Typography.Text type="secondary">{payment.packageName}</Typography.Text>
                  </Flex>
                ),
              },
              { title: 'Amount', dataIndex: 'formattedAmount', align: 'right' },
              { title: 'Code', dataIndex: 'discountCode', render: (code: string | null) => code ?? '—' },
              {
                title: 'Status',
                dataIndex: 'status',
                render: (status: AdminPaymentStatus) => <PaymentStatusTag status={status} />,
              },
              { title: 'Refunded', dataIndex: 'formattedRefundedAmount', align: 'right' },
              {
                title: 'Reference',
                dataIndex: 'providerReference',
                render: (reference: string | null) => <Reference value={reference} />,
              },
              {
                title: 'Actions',
                key: 'actions',
                render: (_, payment) => (
                  <Button
                    size="small"
                    aria-label={`Details: ${studentOf(payment)}, ${payment.formattedAmount}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      openDrawer(payment.paymentId);
                    }}
                  >
                    Details
                  </Button>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <PaymentDrawer
        paymentId={drawer.paymentId}
        open={drawer.open}
        onClose={() => setDrawer((current) => ({ ...current, open: false }))}
      />
    </Flex>
  );
}
