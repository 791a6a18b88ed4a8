/** @jest-environment jsdom */
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { CurrencyRevenue, RevenueByWeekDto, SettledRevenue } from '@medtutor/contracts';
import { render, screen, within } from '@testing-library/react';
import { jsonReply, mockFetchPerTest } from '@medtutor/web-kit/testing/fetch';
import { ignorePseudoElementStyles, installMatchMedia, installResizeObserver } from '@medtutor/web-kit/testing/jsdom';
import { SWRConfig } from 'swr';
import { RevenueByWeekCard } from './revenue-by-week-card';

const fetchMock = mockFetchPerTest();

beforeAll(() => {
  installMatchMedia();
  installResizeObserver();
  ignorePseudoElementStyles();
});

// Every figure below is written out by hand, as catalog-payments would send it: net = gross less
// refunded, formatted in the currency's own money. Nothing is derived by the code under test.
const gbpWeek: CurrencyRevenue = {
  currency: 'GBP',
  amountMinor: 16600,
  formattedAmount: '£166.00',
  payments: 2,
  grossMinor: 23000,
  refundedMinor: 6400,
};
const usdWeek: CurrencyRevenue = {
  currency: 'USD',
  amountMinor: 24130,
  formattedAmount: '$241.30',
  payments: 1,
  grossMinor: 24130,
  refundedMinor: 0,
};
const gbpNothing: CurrencyRevenue = {
  currency: 'GBP',
  amountMinor: 0,
  formattedAmount: '£0.00',
  payments: 0,
  grossMinor: 0,
  refundedMinor: 0,
};
const settledNothing: SettledRevenue = {
  currency: 'GBP',
  amountMinor: 0,
  formattedAmount: '£0.00',
  settledPayments: 0,
  unsettledPayments: 0,
};

const showing = (report: RevenueByWeekDto) => {
  fetchMock.mockResolvedValueOnce(jsonReply(report));
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <RevenueByWeekCard title="Revenue by week" />
    </SWRConfig>,
  );
};

/** The per-currency table's rows as text, cell by cell. */
const currencyRows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

/** The settled-GBP statistic's value as shown, and the sentence under it. */
const settledValue = () =>
  screen.getByText('GBP (settled by Stripe)').closest('.ant-statistic')?.querySelector('.ant-statistic-content')
    ?.textContent;
const settledSentence = () => screen.getByText(/at Stripe's own exchange rates/).textContent;

describe('RevenueByWeekCard', () => {
  it('shows each currency net of refunds with gross and refunded, a chart per currency, and the settled GBP', async () => {
    const settledGbp: SettledRevenue = {
      currency: 'GBP',
      amountMinor: 35571,
      formattedAmount: '£355.71',
      settledPayments: 2,
      unsettledPayments: 1,
    };
    showing({
      weeks: [
        { weekStarting: '2026-11-09', payments: 0, totals: [gbpNothing], settledGbp: settledNothing },
        { weekStarting: '2026-11-16', payments: 3, totals: [gbpWeek, usdWeek], settledGbp },
      ],
      totals: [gbpWeek, usdWeek],
      settledGbp,
    });

    await screen.findByRole('table');
    // Gross and refunded are formatted by the card from minor units: 23000 -> £230.00, 6400 -> £64.00.
    expect(currencyRows()).toEqual([
      ['GBP', '£166.00', '£230.00', '£64.00', '2'],
      ['USD', '$241.30', '$241.30', '$0.00', '1'],
    ]);
    // Never a sum of the two currencies anywhere on the card (£166.00 + $241.30, £230.00 + $241.30).
    expect(screen.queryByText(/407\.30|471\.30/)).toBeNull();
    expect(screen.getAllByRole('figure').map((figure) => figure.getAttribute('aria-label'))).toEqual([
      'Net revenue in GBP per week, last 12 weeks',
      'Net revenue in USD per week, last 12 weeks',
    ]);
    expect(settledValue()).toBe('£355.71');
    expect(settledSentence()).toBe(
      "From 2 payments, at Stripe's own exchange rates, less refunds. 1 payment not yet settled, so not in this total.",
    );
    expect(screen.getByRole('note').textContent).toBe('1 payment not yet settled, so not in this total.');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/revenue?weeks=12');
  });

  it('has no unsettled note when Stripe settled every payment', async () => {
    const gbp: CurrencyRevenue = {
      currency: 'GBP',
      amountMinor: 16000,
      formattedAmount: '£160.00',
      payments: 1,
      grossMinor: 16000,
      refundedMinor: 0,
    };
    const settledGbp: SettledRevenue = {
      currency: 'GBP',
      amountMinor: 15500,
      formattedAmount: '£155.00',
      settledPayments: 1,
      unsettledPayments: 0,
    };
    showing({
      weeks: [{ weekStarting: '2026-11-16', payments: 1, totals: [gbp], settledGbp }],
      totals: [gbp],
      settledGbp,
    });

    await screen.findByRole('table');
    expect(currencyRows()).toEqual([['GBP', '£160.00', '£160.00', '£0.00', '1']]);
    expect(settledValue()).toBe('£155.00');
    expect(settledSentence()).toBe("From 1 payment, at Stripe's own exchange rates, less refunds.");
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getAllByRole('figure')).toHaveLength(1);
  });

  it('keeps a currency whose every payment was refunded, at a net of nothing', async () => {
    const refundedUsd: CurrencyRevenue = {
      currency: 'USD',
      amountMinor: 0,
      formattedAmount: '$0.00',
      payments: 1,
      grossMinor: 20320,
      refundedMinor: 20320,
    };
    showing({
      weeks: [
        { weekStarting: '2026-11-16', payments: 1, totals: [gbpNothing, refundedUsd], settledGbp: settledNothing },
      ],
      totals: [gbpNothing, refundedUsd],
      settledGbp: settledNothing,
    });

    await screen.findByRole('table');
    // GBP had no payment, so it has no line and no chart; USD stays although its net is zero.
    expect(currencyRows()).toEqual([['USD', '$0.00', '$203.20', '$203.20', '1']]);
    expect(screen.getAllByRole('figure').map((figure) => figure.getAttribute('aria-label'))).toEqual([
      'Net revenue in USD per week, last 12 weeks',
    ]);
    expect(settledValue()).toBe('£0.00');
  });

  it('says so when nothing was paid', async () => {
    showing({
      weeks: [{ weekStarting: '2026-11-16', payments: 0, totals: [gbpNothing], settledGbp: settledNothing }],
      totals: [gbpNothing],
      settledGbp: settledNothing,
    });

    await screen.findByText('No payments in the last 12 weeks.');
    expect(screen.queryByRole('figure')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
