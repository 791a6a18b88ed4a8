import {
  type CurrencyCode,
  CurrencyCodes,
  type CurrencyRevenue,
  DefaultCurrency,
  formatMinor,
  mondayOf,
  type RevenueByWeekDto,
} from '@medtutor/contracts';

/** One row of the repository's aggregation: a week's succeeded payments in one currency. */
export interface WeekCurrencySum {
  /** Monday, YYYY-MM-DD (UTC). */
  week: string;
  currency: string;
  amountMinor: number;
  payments: number;
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
 * stay per currency: the checkout charges each currency as priced, so adding them would mean nothing.
 */
export function revenueReport(weekStarts: readonly string[], sums: readonly WeekCurrencySum[]): RevenueByWeekDto {
  const weeks = weekStarts.map((weekStarting) => {
    const totals = currencyTotals(sums.filter((sum) => sum.week === weekStarting));
    return { weekStarting, payments: totals.reduce((count, total) => count + total.payments, 0), totals };
  });
  return { weeks, totals: currencyTotals(sums) };
}

/** The default currency always, then the others paid in, in catalog order. */
function currencyTotals(sums: readonly WeekCurrencySum[]): CurrencyRevenue[] {
  const others = CurrencyCodes.filter((code) => code !== DefaultCurrency && sums.some((sum) => sum.currency === code));
  return [DefaultCurrency, ...others].map((currency: CurrencyCode) => {
    const inCurrency = sums.filter((sum) => sum.currency === currency);
    const amountMinor = inCurrency.reduce((total, sum) => total + sum.amountMinor, 0);
    return {
      currency,
      amountMinor,
      formattedAmount: formatMinor(amountMinor, currency),
      payments: inCurrency.reduce((count, sum) => count + sum.payments, 0),
    };
  });
}
