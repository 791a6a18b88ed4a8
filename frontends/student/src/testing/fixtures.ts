import type { HoursLedgerEntryDto, PackageDto } from '@medtutor/contracts';

/** A package as the API sends it; `originalHours` follows `totalHours` unless a refund is being staged. */
export const hoursPackage = (overrides: Partial<PackageDto> = {}): PackageDto => ({
  id: 1,
  userId: 7,
  subject: 'Medical School Interviews',
  packageName: '5-Session Package',
  totalHours: 5,
  usedHours: 0,
  purchaseDate: '2027-05-01T10:00:00.000Z',
  examDate: null,
  assignedTutor: null,
  tutorCalendarLink: null,
  secondaryTutor: null,
  secondaryTutorCalendarLink: null,
  hasDualTutors: false,
  originalHours: overrides.totalHours ?? 5,
  overdrawnHours: 0,
  frozenReason: null,
  ...overrides,
});

/** One hours-ledger entry as the API sends it: an hour used on a 5-hour package unless overridden. */
export const ledgerEntry = (overrides: Partial<HoursLedgerEntryDto> = {}): HoursLedgerEntryDto => ({
  id: 1,
  sessionId: 1,
  kind: 'usage',
  deltaHours: 1,
  usedHoursAfter: 1,
  totalDeltaHours: 0,
  totalHoursAfter: 5,
  reason: 'Session delivered',
  actorRole: 'tutor',
  actorName: null,
  createdAt: '2027-05-02T10:00:00.000Z',
  ...overrides,
});
