import {
  type CurrencyCode,
  type CurrencyRevenue,
  formatMinor,
  type RevenueWeek,
  type SettledRevenue,
} from '@medtutor/contracts';

export interface RevenueBar {
  week: string;
  /** Net of refunds, in the currency's minor unit. */
  amountMinor: number;
  formattedAmount: string;
  refundedMinor: number;
  payments: number;
}

/**
 * One bar per week in one currency, net of refunds; a week without a total in it is a zero bar, not
 * a gap. Each currency is its own series: sums in two currencies do not add up.
 */
export function revenueBars(weeks: readonly RevenueWeek[], currency: CurrencyCode): RevenueBar[] {
  return weeks.map((week) => {
    const total = week.totals.find((entry) => entry.currency === currency);
    return {
      week: week.weekStarting,
      amountMinor: total?.amountMinor ?? 0,
      formattedAmount: total?.formattedAmount ?? formatMinor(0, currency),
      refundedMinor: total?.refundedMinor ?? 0,
      payments: total?.payments ?? 0,
    };
  });
}

/**
 * The currencies paid in over the range, in the report's order (GBP first): each gets a summary line
 * and a chart. A currency whose payments were all refunded stays, at a net of zero.
 */
export const paidCurrencies = (totals: readonly CurrencyRevenue[]): CurrencyCode[] =>
  totals.filter((total) => total.payments > 0).map((total) => total.currency);

export interface CurrencySummary {
  currency: CurrencyCode;
  payments: number;
  /** The server's own formatting of the net sum. */
  net: string;
  gross: string;
  refunded: string;
  hasRefunds: boolean;
}

/** One line per currency paid in: net (as the server formatted it), gross and refunded. */
export const currencySummaries = (totals: readonly CurrencyRevenue[]): CurrencySummary[] =>
  totals
    .filter((total) => total.payments > 0)
    .map((total) => ({
      currency: total.currency,
      payments: total.payments,
      net: total.formattedAmount,
      gross: formatMinor(total.grossMinor, total.currency),
      refunded: formatMinor(total.refundedMinor, total.currency),
      hasRefunds: total.refundedMinor > 0,
    }));

export const paymentsLabel = (payments: number) => `${payments} ${payments === 1 ? 'payment' : 'payments'}`;

/**
 * The note under the settled GBP total: payments Stripe has not reported a settlement for (or demo
 * payments in another currency) are left out of it rather than converted at a guessed rate.
 */
export const unsettledNote = (settled: SettledRevenue): string | null =>
  settled.unsettledPayments > 0
    ? `${paymentsLabel(settled.unsettledPayments)} not yet settled, so not in this total.`
    : null;
