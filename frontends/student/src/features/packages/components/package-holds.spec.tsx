/** @jest-environment jsdom */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { type HoursLedgerEntryDto, PackageHoldMessages } from '@medtutor/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { mockFetchPerTest } from '@medtutor/web-kit/testing/fetch';
import { installMatchMedia, installResizeObserver } from '@medtutor/web-kit/testing/jsdom';
import { SWRConfig } from 'swr';
import { ledgerEntry, hoursPackage } from '../../../testing/fixtures';
import { PackageCard } from './package-card';

/** Money after the sale (issue 16): refunds take hours back, a dispute holds the package. */

const fetchMock = mockFetchPerTest();

beforeAll(() => {
  installMatchMedia();
  installResizeObserver();
});

const renderCard = (overrides: Parameters<typeof hoursPackage>[0]) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <PackageCard item={hoursPackage(overrides)} />
    </SWRConfig>,
  );

const frozen = { frozenReason: PackageHoldMessages.frozenByDispute };

describe('PackageCard after a refund', () => {
  it('counts the reduced total and says how many hours were refunded', () => {
    renderCard({ originalHours: 5, totalHours: 3, usedHours: 1 });
    const card = screen.getByTestId('package-card');
    expect(card.textContent).toContain('Used 1 of 3 h');
    expect(card.textContent).toContain('Remaining 2 h');
    expect(within(card).getByText('2 hours refunded')).not.toBeNull();
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it('says nothing of refunds when none took hours back', () => {
    renderCard({ originalHours: 5, totalHours: 5 });
    expect(screen.getByTestId('package-card').textContent).not.toContain('refunded');
  });

  it('warns an overdrawn package with the shortfall and the message from contracts', () => {
    renderCard({ originalHours: 5, totalHours: 4, usedHours: 4, overdrawnHours: 1.5 });
    const alert = within(screen.getByTestId('package-card')).getByRole('alert');
    expect(alert.textContent).toContain('Overdrawn by 1.5 hours');
    expect(alert.textContent).toContain(PackageHoldMessages.overdrawn);
    expect(alert.className).toContain('ui-alert--warning');
  });
});

describe('a package on hold', () => {
  it('shows the reason on its card as a warning', () => {
    renderCard(frozen);
    const alert = within(screen.getByTestId('package-card')).getByRole('alert');
    expect(alert.className).toContain('ui-alert--warning');
    expect(alert.textContent).toContain('On hold');
    expect(alert.textContent).toContain(PackageHoldMessages.frozenByDispute);
  });
});

describe('the hours history', () => {
  const entries: HoursLedgerEntryDto[] = [
    ledgerEntry({ id: 1, reason: 'Mock interview', usedHoursAfter: 1 }),
    ledgerEntry({
      id: 2,
      kind: 'dispute',
      deltaHours: 0,
      usedHoursAfter: 1,
      reason: 'Payment disputed: package on hold',
      actorRole: 'system',
    }),
    ledgerEntry({
      id: 3,
      kind: 'refund',
      deltaHours: 0,
      usedHoursAfter: 1,
      totalDeltaHours: -2,
      totalHoursAfter: 3,
      reason: 'Two sessions cancelled by the family',
      actorRole: 'admin',
      actorName: null,
    }),
  ];

  it('lists refund and dispute entries with their kind, reason and the total change', async () => {
    // jsdom has no Response: apiRequest reads only ok, status and text().
    fetchMock.mockResolvedValueOnce({ ok: true, status: 200, text: async () => JSON.stringify(entries) } as Response);
    renderCard({ id: 9, originalHours: 5, totalHours: 3, usedHours: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Show hours history' }));

    // The history's chunk is the first to import antd (its Table): give the import time to finish.
    const refund = (await screen.findByText('Two sessions cancelled by the family', {}, { timeout: 15_000 })).closest(
      'tr',
    )!;
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/sessions/9/ledger');
    const cells = (row: Element) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent);
    expect(cells(refund).slice(1)).toEqual([
      'Refund',
      '\u22122 h from the package',
      '1 of 3 h used',
      'Two sessions cancelled by the family',
      'Our team',
    ]);
    const dispute = screen.getByText('Payment disputed: package on hold').closest('tr')!;
    expect(cells(dispute).slice(1, 3)).toEqual(['Payment dispute', 'No change in hours']);
    const usage = screen.getByText('Mock interview').closest('tr')!;
    expect(cells(usage).slice(1, 4)).toEqual(['Sessions', '1 h used', '1 of 5 h used']);
  });
});
