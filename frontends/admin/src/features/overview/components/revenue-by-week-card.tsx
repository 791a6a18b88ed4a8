import { DefaultCurrency, formatMinor, RevenueLimits } from '@medtutor/contracts';
import { Card, Empty, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { QueryState } from '../../../components/query-state';
import { useRevenue } from '../api/get-revenue';
import { otherCurrencyTotals, paymentsLabel, revenueBars } from '../utils/revenue-chart';

const weeks = RevenueLimits.defaultWeeks;
/** The checkout charges in GBP; another currency is listed under the chart rather than mixed into it. */
const charted = DefaultCurrency;

/** Succeeded payments per week (Monday to Sunday, UTC) from catalog-payments. */
export function RevenueByWeekCard({ title }: { title: ReactNode }) {
  const revenue = useRevenue(weeks);
  const totals = revenue.data?.totals ?? [];
  const chartedTotal = totals.find((total) => total.currency === charted);
  const others = otherCurrencyTotals(totals, charted);

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
          !chartedTotal?.payments && others.length === 0 ? (
            <Empty description={`No payments in the last ${weeks} weeks.`} />
          ) : (
            <>
              <Typography.Paragraph type="secondary">
                {chartedTotal?.formattedAmount} from {paymentsLabel(chartedTotal?.payments ?? 0)} in the last {weeks}{' '}
                weeks (weeks start on Monday, UTC).
              </Typography.Paragraph>
              <figure style={{ margin: 0 }} aria-label={`Revenue in ${charted} per week, last ${weeks} weeks`}>
                <ResponsiveContainer width="100%" height={280}>
                  <BarChart data={revenueBars(list, charted)}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="week" />
                    <YAxis width={88} tickFormatter={(value: number) => formatMinor(value, charted)} />
                    <Tooltip
                      labelFormatter={(week) => `Week of ${String(week)}`}
                      formatter={(value) => formatMinor(Number(value), charted)}
                    />
                    <Bar dataKey="amountMinor" name={`Revenue (${charted})`} fill="#0f5fa8" />
                  </BarChart>
                </ResponsiveContainer>
              </figure>
              {others.length > 0 && (
                <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
                  Also paid in other currencies over these weeks, not charted:{' '}
                  {others.map((total) => `${total.formattedAmount} (${paymentsLabel(total.payments)})`).join(', ')}.
                </Typography.Paragraph>
              )}
            </>
          )
        }
      </QueryState>
    </Card>
  );
}
