import { type CurrencyCode, type CurrencyRevenue, formatMinor, type RevenueWeek } from '@medtutor/contracts';

export interface RevenueBar {
  week: string;
  amountMinor: number;
  formattedAmount: string;
  payments: number;
}

/** One bar per week in the charted currency; a week without a total in it is a zero bar, not a gap. */
export function revenueBars(weeks: readonly RevenueWeek[], currency: CurrencyCode): RevenueBar[] {
  return weeks.map((week) => {
    const total = week.totals.find((entry) => entry.currency === currency);
    return {
      week: week.weekStarting,
      amountMinor: total?.amountMinor ?? 0,
      formattedAmount: total?.formattedAmount ?? formatMinor(0, currency),
      payments: total?.payments ?? 0,
    };
  });
}

/**
 * Currencies other than the charted one that were paid in: listed under the chart, since sums in two
 * currencies do not add up.
 */
export const otherCurrencyTotals = (totals: readonly CurrencyRevenue[], charted: CurrencyCode): CurrencyRevenue[] =>
  totals.filter((total) => total.currency !== charted && total.payments > 0);

export const paymentsLabel = (payments: number) => `${payments} ${payments === 1 ? 'payment' : 'payments'}`;
