import type { BookingDto, HoursLedgerEntryDto, PackageDto } from '@medtutor/contracts';

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

/** A booking as GET /api/bookings sends it: a confirmed hour on package 1 unless overridden. */
export const bookingDto = (overrides: Partial<BookingDto> = {}): BookingDto => ({
  id: '5f0c6a8e-2b1d-4c3e-9f00-000000000001',
  studentName: 'Sam Student',
  studentEmail: 'sam@example.com',
  subject: 'Medical School Interviews',
  duration: 60,
  preferredDateTime: '2027-06-11T09:00:00.000Z',
  endsAt: '2027-06-11T10:00:00.000Z',
  additionalNotes: null,
  isFreeTrial: false,
  price: 0,
  currency: 'GBP',
  status: 'confirmed',
  tutorAssigned: 'Dr. Ada',
  calendlyLink: null,
  meetingLink: 'https://meet.example.com/ada',
  tutorId: 3,
  sessionId: 1,
  studentUserId: 7,
  reservedHours: 1,
  hoursOutcome: null,
  icsUid: 'booking-1@medpath',
  icsSequence: 0,
  cancelledBy: null,
  cancelledAt: null,
  createdAt: '2027-06-01T09:00:00.000Z',
  updatedAt: '2027-06-01T09:00:00.000Z',
  ...overrides,
});
