import { describe, expect, it } from '@jest/globals';
import type { CurrencyRevenue, RevenueWeek, SettledRevenue } from '@medtutor/contracts';
import { currencySummaries, paidCurrencies, paymentsLabel, revenueBars, unsettledNote } from './revenue-chart';

const total = (
  currency: CurrencyRevenue['currency'],
  grossMinor: number,
  refundedMinor: number,
  formattedAmount: string,
  payments: number,
): CurrencyRevenue => ({
  currency,
  amountMinor: grossMinor - refundedMinor,
  formattedAmount,
  payments,
  grossMinor,
  refundedMinor,
});

const settled = (amountMinor: number, settledPayments: number, unsettledPayments: number): SettledRevenue => ({
  currency: 'GBP',
  amountMinor,
  formattedAmount: `£${(amountMinor / 100).toFixed(2)}`,
  settledPayments,
  unsettledPayments,
});

describe('revenueBars', () => {
  const weeks: RevenueWeek[] = [
    { weekStarting: '2026-11-09', payments: 0, totals: [total('GBP', 0, 0, '£0.00', 0)], settledGbp: settled(0, 0, 0) },
    {
      weekStarting: '2026-11-16',
      payments: 3,
      totals: [total('GBP', 23000, 6400, '£166.00', 2), total('USD', 24130, 0, '$241.30', 1)],
      settledGbp: settled(35600, 3, 0),
    },
  ];

  it('charts one currency net of refunds, a bar for every week', () => {
    expect(revenueBars(weeks, 'GBP')).toEqual([
      { week: '2026-11-09', amountMinor: 0, formattedAmount: '£0.00', refundedMinor: 0, payments: 0 },
      { week: '2026-11-16', amountMinor: 16600, formattedAmount: '£166.00', refundedMinor: 6400, payments: 2 },
    ]);
  });

  it('never adds another currency into the series', () => {
    expect(revenueBars(weeks, 'USD').map((bar) => bar.amountMinor)).toEqual([0, 24130]);
    expect(revenueBars(weeks, 'GBP').map((bar) => bar.amountMinor)).toEqual([0, 16600]);
  });

  it('makes a week without the currency a zero bar in that currency', () => {
    expect(revenueBars(weeks, 'USD')[0]).toEqual({
      week: '2026-11-09',
      amountMinor: 0,
      formattedAmount: '$0.00',
      refundedMinor: 0,
      payments: 0,
    });
    expect(revenueBars(weeks, 'JPY')[1]?.formattedAmount).toBe('¥0');
  });
});

describe('paidCurrencies', () => {
  it('keeps the currencies paid in, in the report order, even when refunded to zero', () => {
    const totals = [
      total('GBP', 0, 0, '£0.00', 0),
      total('USD', 24130, 24130, '$0.00', 1),
      total('EUR', 0, 0, '€0.00', 0),
      total('JPY', 30400, 0, '¥30400', 1),
    ];
    expect(paidCurrencies(totals)).toEqual(['USD', 'JPY']);
    expect(paidCurrencies([total('GBP', 0, 0, '£0.00', 0)])).toEqual([]);
  });
});

describe('currencySummaries', () => {
  it('shows the net as the server formatted it, with gross and refunded in the same currency', () => {
    expect(currencySummaries([total('GBP', 23000, 6400, '£166.00', 2), total('CHF', 0, 0, 'CHF0.00', 0)])).toEqual([
      { currency: 'GBP', payments: 2, net: '£166.00', gross: '£230.00', refunded: '£64.00', hasRefunds: true },
    ]);
    expect(currencySummaries([total('JPY', 30400, 0, '¥30400', 1)])[0]).toMatchObject({
      gross: '¥30400',
      refunded: '¥0',
      hasRefunds: false,
    });
  });
});

describe('unsettledNote', () => {
  it('counts the payments left out of the settled total', () => {
    expect(unsettledNote(settled(35600, 3, 1))).toBe('1 payment not yet settled, so not in this total.');
    expect(unsettledNote(settled(0, 0, 4))).toBe('4 payments not yet settled, so not in this total.');
    expect(unsettledNote(settled(35600, 3, 0))).toBeNull();
  });
});

describe('paymentsLabel', () => {
  it('counts in words', () => {
    expect(paymentsLabel(1)).toBe('1 payment');
    expect(paymentsLabel(0)).toBe('0 payments');
  });
});
