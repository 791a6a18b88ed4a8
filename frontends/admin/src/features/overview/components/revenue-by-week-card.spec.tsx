/** @jest-environment jsdom */
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { CurrencyRevenue, RevenueByWeekDto, SettledRevenue } from '@medtutor/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { ignorePseudoElementStyles, installMatchMedia, installResizeObserver, jsonReply } from '../../../testing/dom';
import { RevenueByWeekCard } from './revenue-by-week-card';

const fetchMock = jest.fn<typeof fetch>();
const realFetch = globalThis.fetch;

beforeAll(() => {
  installMatchMedia();
  installResizeObserver();
  ignorePseudoElementStyles();
});
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
});
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

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

const settled = (
  amountMinor: number,
  formattedAmount: string,
  settledPayments: number,
  unsettledPayments: number,
): SettledRevenue => ({ currency: 'GBP', amountMinor, formattedAmount, settledPayments, unsettledPayments });

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

describe('RevenueByWeekCard', () => {
  it('shows each currency net of refunds with gross and refunded, a chart per currency, and the settled GBP', async () => {
    const usd = total('USD', 24130, 0, '$241.30', 1);
    showing({
      weeks: [
        {
          weekStarting: '2026-11-09',
          payments: 0,
          totals: [total('GBP', 0, 0, '£0.00', 0)],
          settledGbp: settled(0, '£0.00', 0, 0),
        },
        {
          weekStarting: '2026-11-16',
          payments: 3,
          totals: [total('GBP', 23000, 6400, '£166.00', 2), usd],
          settledGbp: settled(35571, '£355.71', 2, 1),
        },
      ],
      totals: [total('GBP', 23000, 6400, '£166.00', 2), usd],
      settledGbp: settled(35571, '£355.71', 2, 1),
    });

    await screen.findByRole('table');
    expect(currencyRows()).toEqual([
      ['GBP', '£166.00', '£230.00', '£64.00', '2'],
      ['USD', '$241.30', '$241.30', '$0.00', '1'],
    ]);
    // Never a sum of the two currencies anywhere on the card.
    expect(screen.queryByText(/407\.30|471\.30/)).toBeNull();
    expect(screen.getAllByRole('figure').map((figure) => figure.getAttribute('aria-label'))).toEqual([
      'Net revenue in GBP per week, last 12 weeks',
      'Net revenue in USD per week, last 12 weeks',
    ]);
    expect(screen.getByText('GBP (settled by Stripe)').closest('.ant-statistic')?.textContent).toContain('£355.71');
    expect(screen.getByRole('note').textContent).toBe('1 payment not yet settled, so not in this total.');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/revenue?weeks=12');
  });

  it('has no unsettled note when Stripe settled every payment', async () => {
    showing({
      weeks: [
        {
          weekStarting: '2026-11-16',
          payments: 1,
          totals: [total('GBP', 16000, 0, '£160.00', 1)],
          settledGbp: settled(15500, '£155.00', 1, 0),
        },
      ],
      totals: [total('GBP', 16000, 0, '£160.00', 1)],
      settledGbp: settled(15500, '£155.00', 1, 0),
    });

    await screen.findByRole('table');
    expect(currencyRows()).toEqual([['GBP', '£160.00', '£160.00', '£0.00', '1']]);
    expect(screen.getByText('GBP (settled by Stripe)').closest('.ant-statistic')?.textContent).toContain('£155.00');
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getAllByRole('figure')).toHaveLength(1);
  });

  it('says so when nothing was paid', async () => {
    showing({
      weeks: [
        {
          weekStarting: '2026-11-16',
          payments: 0,
          totals: [total('GBP', 0, 0, '£0.00', 0)],
          settledGbp: settled(0, '£0.00', 0, 0),
        },
      ],
      totals: [total('GBP', 0, 0, '£0.00', 0)],
      settledGbp: settled(0, '£0.00', 0, 0),
    });

    await screen.findByText('No payments in the last 12 weeks.');
    expect(screen.queryByRole('figure')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
