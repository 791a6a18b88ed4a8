import type { HoursLedgerEntryDto, LedgerEntryKind } from '@medtutor/contracts';

/** What moved the hours, as the family reads it. */
export const ledgerKindLabel: Record<LedgerEntryKind, string> = {
  usage: 'Sessions',
  refund: 'Refund',
  dispute: 'Payment dispute',
};

type Change = Pick<HoursLedgerEntryDto, 'kind' | 'deltaHours' | 'totalDeltaHours'>;

/**
 * The change in words: hours a refund took from the package ("−2 h from the package", with a true
 * minus sign), hours used or given back, or none for a hold put on or lifted.
 */
export function ledgerChange({ kind, deltaHours, totalDeltaHours }: Change): string {
  const parts: string[] = [];
  if (totalDeltaHours < 0) parts.push(`\u2212${-totalDeltaHours} h from the package`);
  if (totalDeltaHours > 0) parts.push(`+${totalDeltaHours} h to the package`);
  if (deltaHours > 0) parts.push(`${deltaHours} h used`);
  if (deltaHours < 0) parts.push(`${-deltaHours} h given back`);
  if (parts.length > 0) return parts.join(', ');
  return kind === 'dispute' ? 'No change in hours' : 'No change';
}

/** The package after the change: used of total. */
export const ledgerAfter = ({ usedHoursAfter, totalHoursAfter }: HoursLedgerEntryDto): string =>
  `${usedHoursAfter} of ${totalHoursAfter} h used`;
