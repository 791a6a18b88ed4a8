/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { RevenueByWeekDto } from '@medtutor/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { RevenueByWeekCard } from './revenue-by-week-card';

const fetchMock = jest.fn<typeof fetch>();
const realFetch = globalThis.fetch;

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
});
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const gbp = (amountMinor: number, formattedAmount: string, payments: number) =>
  ({ currency: 'GBP', amountMinor, formattedAmount, payments }) as const;

const showing = (report: RevenueByWeekDto) => {
  // jsdom has no Response: apiRequest reads only ok, status and text().
  fetchMock.mockResolvedValueOnce({ ok: true, status: 200, text: async () => JSON.stringify(report) } as Response);
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <RevenueByWeekCard title="Revenue by week" />
    </SWRConfig>,
  );
};

describe('RevenueByWeekCard', () => {
  it('asks for 12 weeks and sums up GBP, listing other currencies under the chart', async () => {
    showing({
      weeks: [
        { weekStarting: '2026-11-09', payments: 0, totals: [gbp(0, '£0.00', 0)] },
        {
          weekStarting: '2026-11-16',
          payments: 3,
          totals: [
            gbp(23000, '£230.00', 2),
            { currency: 'USD', amountMinor: 24130, formattedAmount: '$241.30', payments: 1 },
          ],
        },
      ],
      totals: [
        gbp(23000, '£230.00', 2),
        { currency: 'USD', amountMinor: 24130, formattedAmount: '$241.30', payments: 1 },
      ],
    });

    expect((await screen.findByText(/£230\.00 from 2 payments in the last 12 weeks/)).textContent).toMatch(
      /£230\.00 from 2 payments in the last 12 weeks/,
    );
    expect(screen.queryByRole('figure', { name: 'Revenue in GBP per week, last 12 weeks' })).not.toBeNull();
    expect(
      screen.getByText(/other currencies over these weeks, not charted: \$241\.30 \(1 payment\)\./).textContent,
    ).toMatch(/other currencies over these weeks, not charted: \$241\.30 \(1 payment\)\./);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/revenue?weeks=12');
  });

  it('says so when nothing was paid', async () => {
    showing({
      weeks: [{ weekStarting: '2026-11-16', payments: 0, totals: [gbp(0, '£0.00', 0)] }],
      totals: [gbp(0, '£0.00', 0)],
    });

    expect((await screen.findByText('No payments in the last 12 weeks.')).textContent).toMatch(
      'No payments in the last 12 weeks.',
    );
    expect(screen.queryByRole('figure')).toBeNull();
  });
});
