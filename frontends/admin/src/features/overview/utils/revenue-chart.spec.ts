import { describe, expect, it } from '@jest/globals';
import type { CurrencyRevenue, RevenueWeek } from '@medtutor/contracts';
import { otherCurrencyTotals, paymentsLabel, revenueBars } from './revenue-chart';

const total = (
  currency: CurrencyRevenue['currency'],
  amountMinor: number,
  formattedAmount: string,
  payments: number,
) => ({
  currency,
  amountMinor,
  formattedAmount,
  payments,
});

describe('revenueBars', () => {
  const weeks: RevenueWeek[] = [
    { weekStarting: '2026-11-09', payments: 0, totals: [total('GBP', 0, '£0.00', 0)] },
    {
      weekStarting: '2026-11-16',
      payments: 3,
      totals: [total('GBP', 23000, '£230.00', 2), total('USD', 24130, '$241.30', 1)],
    },
  ];

  it('charts the one currency, a bar for every week', () => {
    expect(revenueBars(weeks, 'GBP')).toEqual([
      { week: '2026-11-09', amountMinor: 0, formattedAmount: '£0.00', payments: 0 },
      { week: '2026-11-16', amountMinor: 23000, formattedAmount: '£230.00', payments: 2 },
    ]);
  });

  it('makes a week without the currency a zero bar', () => {
    expect(revenueBars(weeks, 'USD')[0]).toEqual({
      week: '2026-11-09',
      amountMinor: 0,
      formattedAmount: '$0.00',
      payments: 0,
    });
  });
});

describe('otherCurrencyTotals', () => {
  it('keeps the currencies paid in besides the charted one', () => {
    const totals = [total('GBP', 23000, '£230.00', 2), total('USD', 24130, '$241.30', 1), total('EUR', 0, '€0.00', 0)];

    expect(otherCurrencyTotals(totals, 'GBP')).toEqual([total('USD', 24130, '$241.30', 1)]);
    expect(otherCurrencyTotals([total('GBP', 0, '£0.00', 0)], 'GBP')).toEqual([]);
  });
});

describe('paymentsLabel', () => {
  it('counts in words', () => {
    expect(paymentsLabel(1)).toBe('1 payment');
    expect(paymentsLabel(0)).toBe('0 payments');
  });
});
