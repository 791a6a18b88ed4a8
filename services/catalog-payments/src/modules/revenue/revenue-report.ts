import {
  type CurrencyCode,
  CurrencyCodes,
  type CurrencyRevenue,
  DefaultCurrency,
  formatMinor,
  mondayOf,
  type RevenueByWeekDto,
  type SettledRevenue,
} from '@medtutor/contracts';

/** One row of the repository's aggregation: a week's succeeded payments in one currency. */
export interface WeekCurrencySum {
  /** Monday, YYYY-MM-DD (UTC), of the week the payments were paid. */
  week: string;
  currency: string;
  /** What was charged. */
  grossMinor: number;
  /** What went back: refunds, and lost disputes in full. */
  refundedMinor: number;
  payments: number;
  /** GBP as Stripe settled the settled ones, less their refunds' settled amounts. */
  settledMinor: number;
  settledPayments: number;
  /** Payments without a GBP settlement figure (yet), or with a refund whose figure is unknown. */
  unsettledPayments: number;
}

export interface WeekRange {
  /** Mondays, oldest first. */
  weekStarts: string[];
  /** Monday 00:00 UTC of the first week, inclusive. */
  from: Date;
  /** Monday 00:00 UTC after the last week, exclusive. */
  to: Date;
}

const DAY_MS = 86_400_000;
const midnightUtc = (day: string) => new Date(`${day}T00:00:00Z`);
const addDays = (day: string, days: number) =>
  new Date(midnightUtc(day).getTime() + days * DAY_MS).toISOString().slice(0, 10);

/** `weeks` Monday-to-Sunday UTC weeks, ending with the (unfinished) week that holds `now`. */
export function weekRange(now: Date, weeks: number): WeekRange {
  const current = mondayOf(now.toISOString().slice(0, 10));
  const first = addDays(current, -7 * (weeks - 1));
  return {
    weekStarts: Array.from({ length: weeks }, (_, index) => addDays(first, 7 * index)),
    from: midnightUtc(first),
    to: midnightUtc(addDays(current, 7)),
  };
}

/**
 * Every week of the range, a week without payments included as zero so a chart has no gaps. Sums
 * stay per currency, net of refunds: the checkout charges each currency as priced, so adding them
 * would mean nothing. The one figure across currencies is `settledGbp`: what Stripe itself settled
 * in GBP, at its own rates, never a rate of ours.
 */
export function revenueReport(weekStarts: readonly string[], sums: readonly WeekCurrencySum[]): RevenueByWeekDto {
  const weeks = weekStarts.map((weekStarting) => {
    const inWeek = sums.filter((sum) => sum.week === weekStarting);
    const totals = currencyTotals(inWeek);
    return {
      weekStarting,
      payments: totals.reduce((count, total) => count + total.payments, 0),
      totals,
      settledGbp: settledTotal(inWeek),
    };
  });
  return { weeks, totals: currencyTotals(sums), settledGbp: settledTotal(sums) };
}

function settledTotal(sums: readonly WeekCurrencySum[]): SettledRevenue {
  const amountMinor = sums.reduce((total, sum) => total + sum.settledMinor, 0);
  return {
    currency: 'GBP',
    amountMinor,
    formattedAmount: formatMinor(amountMinor, 'GBP'),
    settledPayments: sums.reduce((count, sum) => count + sum.settledPayments, 0),
    unsettledPayments: sums.reduce((count, sum) => count + sum.unsettledPayments, 0),
  };
}

/** The default currency always, then the others paid in, in catalog order. */
function currencyTotals(sums: readonly WeekCurrencySum[]): CurrencyRevenue[] {
  const others = CurrencyCodes.filter((code) => code !== DefaultCurrency && sums.some((sum) => sum.currency === code));
  return [DefaultCurrency, ...others].map((currency: CurrencyCode) => {
    const inCurrency = sums.filter((sum) => sum.currency === currency);
    const grossMinor = inCurrency.reduce((total, sum) => total + sum.grossMinor, 0);
    const refundedMinor = inCurrency.reduce((total, sum) => total + sum.refundedMinor, 0);
    const amountMinor = grossMinor - refundedMinor;
    return {
      currency,
      amountMinor,
      formattedAmount: formatMinor(amountMinor, currency),
      payments: inCurrency.reduce((count, sum) => count + sum.payments, 0),
      grossMinor,
      refundedMinor,
    };
  });
}
