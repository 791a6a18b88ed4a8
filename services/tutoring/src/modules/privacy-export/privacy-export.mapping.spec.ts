import { describe, expect, it } from '@jest/globals';
import { TutoringExportSchema } from '@medtutor/contracts';
import { Prisma } from '../../generated/prisma/client.js';
import type { Booking, Consultation, HoursLedgerEntry, HoursPackage, Tutor } from '../../generated/prisma/client.js';
import { toTutoringExport } from './privacy-export.mapping.js';
import type { TutoringRecords } from './privacy-export.repository.js';

const hours = (value: number) => new Prisma.Decimal(value);
const at = (iso: string) => new Date(iso);

const pkg: HoursPackage = {
  id: 11,
  userId: 7,
  subject: 'UCAT',
  packageName: '5 Hours',
  totalHours: hours(5),
  usedHours: hours(1),
  reservedHours: hours(0),
  originalHours: hours(5),
  hoursTakenBack: hours(0),
  refundedAmount: 0,
  overdrawnHours: hours(0),
  frozenReason: null,
  buyerEmailKey: null,
  purchaseDate: at('2026-03-01T10:00:00Z'),
  examDate: at('2026-07-01T00:00:00Z'),
  assignedTutor: 'Dr Ada',
  tutorCalendarLink: 'https://calendly.com/ada',
  secondaryTutor: null,
  secondaryTutorCalendarLink: null,
  hasDualTutors: false,
  paymentId: '6f1c7f2e-8a55-4c36-9d2a-0b7e3c1d2a10',
  primaryTutorId: 3,
  secondaryTutorId: null,
  createdAt: at('2026-03-01T10:00:00Z'),
  updatedAt: at('2026-03-05T10:00:00Z'),
};

const ledger: HoursLedgerEntry = {
  id: 21,
  sessionId: 11,
  kind: 'usage',
  delta: hours(1),
  usedHoursAfter: hours(1),
  totalDelta: hours(0),
  totalHoursAfter: hours(5),
  reason: 'Session delivered',
  actorUserId: 30,
  actorRole: 'tutor',
  actorName: 'Dr Ada',
  tutorId: 3,
  sessionDate: at('2026-03-05T00:00:00Z'),
  bookingId: null,
  createdAt: at('2026-03-05T10:00:00Z'),
};

const booking: Booking = {
  id: '2b0c6a7e-1f2d-4e5a-9b8c-7d6e5f4a3b21',
  studentName: 'Amelia Hart',
  studentEmail: 'Amelia@Example.com',
  subject: 'UCAT',
  duration: 60,
  preferredDateTime: at('2026-03-10T16:00:00Z'),
  endsAt: at('2026-03-10T17:00:00Z'),
  additionalNotes: null,
  isFreeTrial: false,
  price: hours(0),
  currency: 'GBP',
  status: 'confirmed',
  tutorAssigned: 'Dr Ada',
  calendlyLink: null,
  meetingLink: null,
  tutorId: 3,
  packageId: 11,
  consultationId: null,
  studentUserId: 7,
  reservedHours: hours(1),
  hoursOutcome: null,
  icsUid: 'booking-2b0c@medpath',
  icsSequence: 0,
  bookedBy: 'student',
  cancelledBy: null,
  cancelledByUserId: null,
  cancelledAt: null,
  completedAt: null,
  noShowAt: null,
  reminder24hSentAt: null,
  reminder1hSentAt: null,
  createdAt: at('2026-03-06T10:00:00Z'),
  updatedAt: at('2026-03-06T10:00:00Z'),
};

const trialRequest: Consultation = {
  id: 5,
  firstName: 'Amelia',
  lastName: 'Hart',
  email: 'amelia@example.com',
  phone: '07700900123',
  subjectInterest: 'UCAT',
  additionalInfo: 'Evenings please',
  isParent: false,
  isFreeTrial: true,
  emailKey: 'amelia@example.com',
  phoneKey: '07700900123',
  createdAt: at('2026-02-20T10:00:00Z'),
};

const records: TutoringRecords = {
  packages: [{ ...pkg, ledger: [ledger] }],
  bookings: [booking],
  consultations: [trialRequest, { ...trialRequest, id: 6, isFreeTrial: false }],
  calendarFeed: {
    userId: 7,
    role: 'student',
    tokenHash: 'feed-token-hash',
    createdAt: at('2026-03-07T10:00:00Z'),
    revokedAt: null,
  },
  studentName: 'Amelia Hart',
  tutor: null,
  emails: [],
};

describe('toTutoringExport', () => {
  it('exports packages with their ledgers, bookings, requests and the feed state under the strict schema', () => {
    const exported = TutoringExportSchema.strict().parse(toTutoringExport(records));
    expect(exported.packages).toEqual([
      expect.objectContaining({
        id: 11,
        totalHours: 5,
        usedHours: 1,
        examDate: '2026-07-01',
        ledger: [expect.objectContaining({ id: 21, deltaHours: 1, reason: 'Session delivered' })],
      }),
    ]);
    expect(exported.bookings).toEqual([
      expect.objectContaining({ id: booking.id, studentEmail: 'Amelia@Example.com' }),
    ]);
    expect(exported.consultations.map((request) => [request.id, request.kind])).toEqual([
      [5, 'free-trial'],
      [6, 'consultation'],
    ]);
    expect(exported.calendarFeed).toEqual({ active: true, createdAt: '2026-03-07T10:00:00.000Z', revokedAt: null });
    expect(exported.studentName).toBe('Amelia Hart');
    expect(exported.tutorProfile).toBeNull();
  });

  it('never carries the feed token hash; a revoked feed shows as inactive', () => {
    const revoked = toTutoringExport({
      ...records,
      calendarFeed: { ...records.calendarFeed!, tokenHash: null, revokedAt: at('2026-03-08T10:00:00Z') },
    });
    expect(JSON.stringify(toTutoringExport(records))).not.toContain('feed-token-hash');
    expect(revoked.calendarFeed).toMatchObject({ active: false, revokedAt: '2026-03-08T10:00:00.000Z' });
  });

  it('gives a tutor their directory entry with the login address', () => {
    const tutor: Tutor = {
      id: 3,
      name: 'Dr Ada',
      specialty: 'UCAT',
      qualifications: 'MBBS',
      photoUrl: null,
      calendarLink: 'https://calendly.com/ada',
      meetingLink: null,
      subjects: ['UCAT'],
      active: true,
      userId: 30,
      loginEmail: 'ada@medpath.local',
      version: 2,
      seedKey: null,
      createdAt: at('2026-01-01T10:00:00Z'),
      updatedAt: at('2026-01-01T10:00:00Z'),
    };
    const exported = toTutoringExport({ ...records, tutor });
    expect(exported.tutorProfile).toMatchObject({ id: 3, userId: 30, loginEmail: 'ada@medpath.local' });
  });
});
