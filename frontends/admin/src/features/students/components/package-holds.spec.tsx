/** @jest-environment jsdom */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { type HoursLedgerEntryDto, PackageHoldMessages, type PackageDto } from '@medtutor/contracts';
import { render, screen } from '@testing-library/react';
import { jsonReply, mockFetchPerTest } from '@medtutor/web-kit/testing/fetch';
import { installMatchMedia, installResizeObserver } from '@medtutor/web-kit/testing/jsdom';
import { SWRConfig } from 'swr';
import { LedgerDialog } from './ledger-dialog';
import { PackageHoldTags } from './package-hold-tags';

/** The Students tab after money went back (issue 16): hold, overdrawn and refunded tags; ledger kinds. */

const fetchMock = mockFetchPerTest();

beforeAll(() => {
  installMatchMedia();
  installResizeObserver();
});

const pkg = (overrides: Partial<PackageDto> = {}): PackageDto => ({
  id: 4,
  userId: 7,
  subject: 'UCAT',
  packageName: '5-Session Package',
  totalHours: 5,
  usedHours: 0,
  reservedHours: 0,
  purchaseDate: '2027-05-01T10:00:00.000Z',
  examDate: null,
  assignedTutor: null,
  tutorCalendarLink: null,
  secondaryTutor: null,
  secondaryTutorCalendarLink: null,
  hasDualTutors: false,
  originalHours: 5,
  overdrawnHours: 0,
  frozenReason: null,
  ...overrides,
});

const tagTexts = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('.ui-tag')).map((tag) => tag.textContent);

describe('PackageHoldTags', () => {
  it('shows nothing on a package money never came back from', () => {
    const { container } = render(<PackageHoldTags pkg={pkg()} />);
    expect(container.innerHTML).toBe('');
  });

  it('tags a disputed package On hold, naming the reason', () => {
    const { container } = render(<PackageHoldTags pkg={pkg({ frozenReason: PackageHoldMessages.frozenByDispute })} />);
    expect(tagTexts(container)).toEqual(['On hold']);
    expect(screen.getByText('On hold').closest('.ui-tag')?.getAttribute('title')).toBe(
      PackageHoldMessages.frozenByDispute,
    );
  });

  it('tags an overdrawn package with its shortfall and the hours refunded', () => {
    const { container } = render(
      <PackageHoldTags pkg={pkg({ originalHours: 5, totalHours: 4, usedHours: 4, overdrawnHours: 1 })} />,
    );
    expect(tagTexts(container)).toEqual(['Overdrawn by 1 h', '1 h refunded']);
  });
});

describe('LedgerDialog', () => {
  const entry = (overrides: Partial<HoursLedgerEntryDto>): HoursLedgerEntryDto => ({
    id: 1,
    sessionId: 4,
    kind: 'usage',
    deltaHours: 1,
    usedHoursAfter: 1,
    totalDeltaHours: 0,
    totalHoursAfter: 5,
    reason: 'Session delivered',
    actorRole: 'tutor',
    actorName: 'Morgan Ellis',
    createdAt: '2027-05-02T10:00:00.000Z',
    ...overrides,
  });

  it('lists usage, dispute and refund entries with their kind and both changes', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonReply([
        entry({ id: 1 }),
        entry({
          id: 2,
          kind: 'dispute',
          deltaHours: 0,
          reason: 'Dispute opened',
          actorRole: 'system',
          actorName: null,
        }),
        entry({
          id: 3,
          kind: 'refund',
          deltaHours: 0,
          totalDeltaHours: -2,
          totalHoursAfter: 3,
          reason: 'Refund: two sessions cancelled',
          actorRole: 'admin',
          actorName: 'Ada Admin',
        }),
      ]),
    );
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <LedgerDialog pkg={pkg({ id: 4 })} onClose={() => undefined} />
      </SWRConfig>,
    );

    const refund = (await screen.findByText('Refund: two sessions cancelled')).closest('tr')!;
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/sessions/4/ledger');
    const cells = (row: Element) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent);
    expect(cells(refund).slice(1)).toEqual([
      'Refund',
      '0 h',
      '1 h',
      '\u22122 h',
      '3 h',
      'Refund: two sessions cancelled',
      'Ada Admin (admin)',
    ]);
    expect(cells(screen.getByText('Dispute opened').closest('tr')!).slice(1, 5)).toEqual([
      'Dispute',
      '0 h',
      '1 h',
      '0 h',
    ]);
    expect(cells(screen.getByText('Session delivered').closest('tr')!).slice(1, 3)).toEqual(['Usage', '+1 h']);
  });
});
