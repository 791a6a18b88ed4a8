import { describe, expect, it } from '@jest/globals';
import { revenueReport, weekRange } from './revenue-report.js';

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
  const gbp = (amountMinor: number, payments: number, formattedAmount: string) => ({
    currency: 'GBP',
    amountMinor,
    formattedAmount,
    payments,
  });

  it('keeps every week, with GBP at zero where nothing was paid', () => {
    const report = revenueReport(
      ['2020-03-02', '2020-03-09'],
      [{ week: '2020-03-09', currency: 'GBP', amountMinor: 23000, payments: 2 }],
    );

    expect(report).toEqual({
      weeks: [
        { weekStarting: '2020-03-02', payments: 0, totals: [gbp(0, 0, '£0.00')] },
        { weekStarting: '2020-03-09', payments: 2, totals: [gbp(23000, 2, '£230.00')] },
      ],
      totals: [gbp(23000, 2, '£230.00')],
    });
  });

  it('lists other currencies after GBP in catalog order, formatted in their own unit, never added together', () => {
    const report = revenueReport(
      ['2020-03-09'],
      [
        { week: '2020-03-09', currency: 'JPY', amountMinor: 36100, payments: 1 },
        { week: '2020-03-09', currency: 'USD', amountMinor: 24130, payments: 1 },
      ],
    );

    expect(report.weeks[0]).toEqual({
      weekStarting: '2020-03-09',
      payments: 2,
      totals: [
        gbp(0, 0, '£0.00'),
        { currency: 'USD', amountMinor: 24130, formattedAmount: '$241.30', payments: 1 },
        { currency: 'JPY', amountMinor: 36100, formattedAmount: '¥36100', payments: 1 },
      ],
    });
  });

  it('totals the range per currency', () => {
    const report = revenueReport(
      ['2020-03-02', '2020-03-09'],
      [
        { week: '2020-03-02', currency: 'GBP', amountMinor: 4000, payments: 1 },
        { week: '2020-03-02', currency: 'EUR', amountMinor: 4680, payments: 1 },
        { week: '2020-03-09', currency: 'GBP', amountMinor: 19000, payments: 1 },
      ],
    );

    expect(report.totals).toEqual([
      gbp(23000, 2, '£230.00'),
      { currency: 'EUR', amountMinor: 4680, formattedAmount: '€46.80', payments: 1 },
    ]);
    expect(report.weeks[1]?.totals).toEqual([gbp(19000, 1, '£190.00')]);
  });
});
