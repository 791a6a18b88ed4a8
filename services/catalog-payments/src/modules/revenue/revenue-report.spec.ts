import { describe, expect, it } from '@jest/globals';
import { revenueReport, type WeekCurrencySum, weekRange } from './revenue-report.js';

describe('weekRange', () => {
  it('ends with the week holding now and starts on the Monday weeks - 1 before it', () => {
    // Wednesday 11 March 2020
    expect(weekRange(new Date('2020-03-11T12:00:00Z'), 3)).toEqual({
      weekStarts: ['2020-02-24', '2020-03-02', '2020-03-09'],
      from: new Date('2020-02-24T00:00:00Z'),
      to: new Date('2020-03-16T00:00:00Z'),
    });
  });

  it('counts Sunday late evening in its own week and Monday midnight in the next (UTC)', () => {
    expect(weekRange(new Date('2020-03-15T23:59:59.999Z'), 1).weekStarts).toEqual(['2020-03-09']);
    expect(weekRange(new Date('2020-03-16T00:00:00Z'), 1).weekStarts).toEqual(['2020-03-16']);
  });

  it('crosses a year end', () => {
    expect(weekRange(new Date('2021-01-01T08:00:00Z'), 2).weekStarts).toEqual(['2020-12-21', '2020-12-28']);
  });
});

describe('revenueReport', () => {
  /** A week's sums with nothing refunded and nothing settled unless given. */
  const sum = (week: string, currency: string, grossMinor: number, more: Partial<WeekCurrencySum> = {}) => ({
    week,
    currency,
    grossMinor,
    refundedMinor: 0,
    payments: 1,
    settledMinor: 0,
    settledPayments: 0,
    unsettledPayments: 1,
    ...more,
  });
  const gbp = (amountMinor: number, payments: number, formattedAmount: string, refundedMinor = 0) => ({
    currency: 'GBP',
    amountMinor,
    formattedAmount,
    payments,
    grossMinor: amountMinor + refundedMinor,
    refundedMinor,
  });
  const settled = (
    amountMinor: number,
    formattedAmount: string,
    settledPayments: number,
    unsettledPayments: number,
  ) => ({
    currency: 'GBP',
    amountMinor,
    formattedAmount,
    settledPayments,
    unsettledPayments,
  });

  it('keeps every week, with GBP and the settled GBP at zero where nothing was paid', () => {
    const report = revenueReport(
      ['2020-03-02', '2020-03-09'],
      [sum('2020-03-09', 'GBP', 23000, { payments: 2, settledMinor: 23000, settledPayments: 2, unsettledPayments: 0 })],
    );

    expect(report).toEqual({
      weeks: [
        {
          weekStarting: '2020-03-02',
          payments: 0,
          totals: [gbp(0, 0, '£0.00')],
          settledGbp: settled(0, '£0.00', 0, 0),
        },
        {
          weekStarting: '2020-03-09',
          payments: 2,
          totals: [gbp(23000, 2, '£230.00')],
          settledGbp: settled(23000, '£230.00', 2, 0),
        },
      ],
      totals: [gbp(23000, 2, '£230.00')],
      settledGbp: settled(23000, '£230.00', 2, 0),
    });
  });

  it('lists other currencies after GBP in catalog order, formatted in their own unit, never added together', () => {
    const report = revenueReport(['2020-03-09'], [sum('2020-03-09', 'JPY', 36100), sum('2020-03-09', 'USD', 24130)]);

    expect(report.weeks[0]).toEqual({
      weekStarting: '2020-03-09',
      payments: 2,
      totals: [
        gbp(0, 0, '£0.00'),
        {
          currency: 'USD',
          amountMinor: 24130,
          formattedAmount: '$241.30',
          payments: 1,
          grossMinor: 24130,
          refundedMinor: 0,
        },
        {
          currency: 'JPY',
          amountMinor: 36100,
          formattedAmount: '¥36100',
          payments: 1,
          grossMinor: 36100,
          refundedMinor: 0,
        },
      ],
      settledGbp: settled(0, '£0.00', 0, 2),
    });
  });

  it('nets refunds per currency and totals the range, the settled GBP across currencies', () => {
    const report = revenueReport(
      ['2020-03-02', '2020-03-09'],
      [
        sum('2020-03-02', 'GBP', 4000, {
          refundedMinor: 1600,
          settledMinor: 2400,
          settledPayments: 1,
          unsettledPayments: 0,
        }),
        sum('2020-03-02', 'EUR', 4680, {
          refundedMinor: 4680,
          settledMinor: 0,
          settledPayments: 1,
          unsettledPayments: 0,
        }),
        sum('2020-03-09', 'GBP', 19000, { settledMinor: 19000, settledPayments: 1, unsettledPayments: 0 }),
        sum('2020-03-09', 'USD', 24130, { settledMinor: 18821, settledPayments: 1, unsettledPayments: 0 }),
      ],
    );

    expect(report.totals).toEqual([
      gbp(21400, 2, '£214.00', 1600),
      {
        currency: 'USD',
        amountMinor: 24130,
        formattedAmount: '$241.30',
        payments: 1,
        grossMinor: 24130,
        refundedMinor: 0,
      },
      { currency: 'EUR', amountMinor: 0, formattedAmount: '€0.00', payments: 1, grossMinor: 4680, refundedMinor: 4680 },
    ]);
    expect(report.settledGbp).toEqual(settled(40221, '£402.21', 4, 0));
    expect(report.weeks[0]?.settledGbp).toEqual(settled(2400, '£24.00', 2, 0));
    expect(report.weeks[1]?.totals[0]).toEqual(gbp(19000, 1, '£190.00'));
  });
});
