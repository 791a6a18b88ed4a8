import { type CurrencyCode, formatMinor, RevenueLimits, type RevenueWeek } from '@medtutor/contracts';
import { Card, Col, Empty, Flex, Row, Statistic, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { QueryState } from '../../../components/query-state';
import { useRevenue } from '../api/get-revenue';
import { currencySummaries, paidCurrencies, paymentsLabel, revenueBars, unsettledNote } from '../utils/revenue-chart';

const weeks = RevenueLimits.defaultWeeks;

/**
 * One chart per currency: each keeps its own axis in its own money, since sums (and scales) in two
 * currencies do not add up.
 */
function CurrencyChart({ list, currency }: { list: RevenueWeek[]; currency: CurrencyCode }) {
  return (
    <figure style={{ margin: 0 }} aria-label={`Net revenue in ${currency} per week, last ${weeks} weeks`}>
      <Typography.Text strong>{currency}</Typography.Text>
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={revenueBars(list, currency)}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="week" />
          <YAxis width={96} tickFormatter={(value: number) => formatMinor(value, currency)} />
          <Tooltip
            labelFormatter={(week) => `Week of ${String(week)}`}
            formatter={(value) => formatMinor(Number(value), currency)}
          />
          <Bar dataKey="amountMinor" name={`Net revenue (${currency})`} fill="#0f5fa8" />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

/**
 * Succeeded payments per week (Monday to Sunday, UTC) from catalog-payments: each currency net of
 * refunds and lost disputes, and the GBP that Stripe actually settled.
 */
export function RevenueByWeekCard({ title }: { title: ReactNode }) {
  const revenue = useRevenue(weeks);
  const totals = revenue.data?.totals ?? [];
  const settled = revenue.data?.settledGbp;
  const currencies = paidCurrencies(totals);
  const note = settled ? unsettledNote(settled) : null;

  return (
    <Card size="small" title={title}>
      <QueryState
        data={revenue.data?.weeks}
        error={revenue.error}
        isLoading={revenue.isLoading}
        label="revenue"
        empty="No weeks to chart."
        onRetry={() => void revenue.mutate()}
      >
        {(list) =>
          currencies.length === 0 ? (
            <Empty description={`No payments in the last ${weeks} weeks.`} />
          ) : (
            <Flex vertical gap="middle">
              <Row gutter={[24, 16]} align="top">
                <Col xs={24} lg={16}>
                  <Table
                    size="small"
                    rowKey="currency"
                    pagination={false}
                    caption={
                      <Typography.Text type="secondary">
                        Per currency as charged, last {weeks} weeks (weeks start on Monday, UTC). Net is what was
                        charged less refunds and lost disputes.
                      </Typography.Text>
                    }
                    dataSource={currencySummaries(totals)}
                    columns={[
                      { title: 'Currency', dataIndex: 'currency' },
                      { title: 'Net', dataIndex: 'net', render: (net: string) => <strong>{net}</strong> },
                      { title: 'Gross', dataIndex: 'gross' },
                      { title: 'Refunded', dataIndex: 'refunded' },
                      { title: 'Payments', dataIndex: 'payments' },
                    ]}
                  />
                </Col>
                {settled && (
                  <Col xs={24} lg={8}>
                    <Statistic title="GBP (settled by Stripe)" value={settled.formattedAmount} />
                    <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                      From {paymentsLabel(settled.settledPayments)}, at Stripe&apos;s own exchange rates, less refunds.
                      {note && (
                        <>
                          {' '}
                          <span role="note">{note}</span>
                        </>
                      )}
                    </Typography.Paragraph>
                  </Col>
                )}
              </Row>
              <Row gutter={[24, 24]}>
                {currencies.map((currency) => (
                  <Col key={currency} xs={24} lg={currencies.length === 1 ? 24 : 12}>
                    <CurrencyChart list={list} currency={currency} />
                  </Col>
                ))}
              </Row>
            </Flex>
          )
        }
      </QueryState>
    </Card>
  );
}
