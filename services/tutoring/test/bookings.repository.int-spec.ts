import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ErrorCodes } from '@medtutor/contracts';
import { createTestDatabase, sql, type TestDatabase } from '@medtutor/nest-kit/testing';
import { pino } from 'pino';
import { PrismaService } from '../src/infra/prisma.service.js';
import { cancel, markNoShow, reschedule } from '../src/modules/bookings/booking.lifecycle.js';
import { BookingsRepository, type NewBooking } from '../src/modules/bookings/bookings.repository.js';
import type { Booking } from '../src/generated/prisma/client.js';
import { insertPackage, MIGRATIONS_DIR, testConfig } from './support/harness.js';

const HOUR = 3_600_000;
const start = Date.parse('2027-03-29T09:00:00Z');

/** The bookings table, its exclusion constraint and the reserved hours against real PostgreSQL. */
describe('bookings repository (real PostgreSQL)', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let repository: BookingsRepository;
  let tutor: { id: number; name: string; calendarLink: string; meetingLink: string | null };

  const codeOf = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      return (error as { code?: string }).code;
    }
    return 'no error';
  };
  const hoursOf = async (packageId: number) => {
    const [row] = await sql<{ used: string; reserved: string }>(
      db,
      'SELECT used_hours::text AS used, reserved_hours::text AS reserved FROM user_sessions WHERE id = $1',
      [packageId],
    );
    return { used: Number(row!.used), reserved: Number(row!.reserved) };
  };
  const newBooking = (packageId: number, overrides: Partial<NewBooking> = {}): NewBooking => ({
    packageId,
    tutor,
    studentUserId: 10,
    studentName: 'Sam Student',
    studentEmail: 'sam@example.com',
    subject: 'Medical School Interviews',
    start,
    durationMinutes: 60,
    hours: 1,
    isFreeTrial: false,
    bookedBy: 'student',
    now: Date.now(),
    ...overrides,
  });
  const stateOf = (booking: Booking) => ({
    status: booking.status as 'confirmed',
    start: booking.preferredDateTime.getTime(),
    durationMinutes: booking.duration,
    reservedHours: Number(booking.reservedHours),
    icsSequence: booking.icsSequence,
  });

  beforeAll(async () => {
    db = await createTestDatabase('bookings_repo', MIGRATIONS_DIR);
    prisma = new PrismaService(testConfig({ TUTORING_DATABASE_URL: db.url }, '/tmp'), pino({ level: 'silent' }));
    repository = new BookingsRepository(prisma);
  });

  beforeEach(async () => {
    await db.truncate();
    const [row] = await sql<{ id: number }>(
      db,
      `INSERT INTO tutors (name, specialty, calendar_link, meeting_link, updated_at)
       VALUES ('Dr Tutor', 'Interviews', 'https://cal.example/t', 'https://meet.example/t', now()) RETURNING id`,
    );
    tutor = {
      id: row!.id,
      name: 'Dr Tutor',
      calendarLink: 'https://cal.example/t',
      meetingLink: 'https://meet.example/t',
    };
  });

  afterAll(async () => {
    await prisma.$disconnect();
    await db.drop();
  });

  it('lets exactly one of two concurrent bookings of one slot win; the loser gets SLOT_TAKEN and keeps its hours', async () => {
    const packageA = await insertPackage(db.url, { userId: 10, totalHours: 5 });
    const packageB = await insertPackage(db.url, { userId: 11, totalHours: 5 });
    const results = await Promise.allSettled([
      repository.create(newBooking(packageA)),
      repository.create(newBooking(packageB, { studentUserId: 11, start: start + 30 * 60_000 })),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(rejected.map((r) => (r.reason as { code: string }).code)).toEqual([ErrorCodes.slotTaken]);
    const reserved = [(await hoursOf(packageA)).reserved, (await hoursOf(packageB)).reserved].sort();
    expect(reserved).toEqual([0, 1]);
  });

  it('stores the spec record with the tutor links, a stable ICS uid and sequence 0', async () => {
    const packageId = await insertPackage(db.url, { userId: 10, totalHours: 5 });
    const booking = await repository.create(newBooking(packageId, { durationMinutes: 90, hours: 1.5 }));
    expect(booking).toMatchObject({
      status: 'confirmed',
      duration: 90,
      tutorAssigned: 'Dr Tutor',
      calendlyLink: 'https://cal.example/t',
      meetingLink: 'https://meet.example/t',
      currency: 'GBP',
      isFreeTrial: false,
      icsSequence: 0,
      icsUid: `${booking.id}@bookings.medpath`,
    });
    expect(booking.endsAt.getTime() - booking.preferredDateTime.getTime()).toBe(90 * 60_000);
    expect(await hoursOf(packageId)).toEqual({ used: 0, reserved: 1.5 });
  });

  it('allows back-to-back bookings and reuses a cancelled booking’s time', async () => {
    const packageId = await insertPackage(db.url, { userId: 10, totalHours: 10 });
    const first = await repository.create(newBooking(packageId));
    await repository.create(newBooking(packageId, { start: start + HOUR }));
    expect(await codeOf(repository.create(newBooking(packageId, { start: start + 30 * 60_000 })))).toBe(
      ErrorCodes.slotTaken,
    );
    await repository.apply(first, cancel(stateOf(first), 'tutor', start - HOUR), { actorUserId: 20 });
    await expect(repository.create(newBooking(packageId))).resolves.toMatchObject({ status: 'confirmed' });
  });

  it("answers 'Insufficient hours' when total − used − reserved is short, also when two bookings race for the last hours", async () => {
    const packageId = await insertPackage(db.url, { userId: 10, totalHours: 2, usedHours: 0.5 });
    expect(await codeOf(repository.create(newBooking(packageId, { durationMinutes: 120, hours: 2 })))).toBe(
      ErrorCodes.insufficientHours,
    );
    const results = await Promise.allSettled([
      repository.create(newBooking(packageId, { hours: 1 })),
      repository.create(newBooking(packageId, { hours: 1, start: start + 2 * HOUR })),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as { code: string }).code)).sort()).toEqual(
      [ErrorCodes.insufficientHours, 'ok'].sort(),
    );
    expect(await hoursOf(packageId)).toEqual({ used: 0.5, reserved: 1 });
  });

  it('settles hours: a late cancellation uses them with a ledger entry for the booking, once', async () => {
    const packageId = await insertPackage(db.url, { userId: 10, totalHours: 5 });
    const booking = await repository.create(newBooking(packageId));
    const used = {
      reason: 'Late cancellation',
      actorUserId: 10,
      actorRole: 'student',
      actorName: null,
      tutorId: tutor.id,
      sessionDate: new Date('2027-03-29'),
      eventFor: () => null,
    };
    const cancelled = await repository.apply(booking, cancel(stateOf(booking), 'student', start - HOUR), {
      actorUserId: 10,
      used,
    });
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'student',
      cancelledByUserId: 10,
      hoursOutcome: 'used',
      icsSequence: 1,
    });
    expect(await hoursOf(packageId)).toEqual({ used: 1, reserved: 0 });
    const ledger = await sql(db, 'SELECT booking_id, delta::text FROM hours_ledger WHERE session_id = $1', [packageId]);
    expect(ledger).toEqual([{ booking_id: booking.id, delta: '1.0' }]);
    // A second change read from the same state finds the booking moved on: a conflict, no second effect.
    expect(
      await codeOf(repository.apply(booking, markNoShow(stateOf(booking), start + HOUR), { actorUserId: 20, used })),
    ).toBe(ErrorCodes.bookingStatusConflict);
    expect(await hoursOf(packageId)).toEqual({ used: 1, reserved: 0 });
  });

  it('returns the hours on an early cancellation', async () => {
    const packageId = await insertPackage(db.url, { userId: 10, totalHours: 5 });
    const booking = await repository.create(newBooking(packageId));
    await repository.apply(booking, cancel(stateOf(booking), 'student', start - 25 * HOUR), { actorUserId: 10 });
    expect(await hoursOf(packageId)).toEqual({ used: 0, reserved: 0 });
  });

  it('moves a booking, bumping the ICS sequence, but not onto another booking', async () => {
    const packageId = await insertPackage(db.url, { userId: 10, totalHours: 5 });
    const booking = await repository.create(newBooking(packageId));
    await repository.create(newBooking(packageId, { start: start + 3 * HOUR }));
    const moved = await repository.apply(
      booking,
      reschedule(stateOf(booking), 'student', start + HOUR, start - 48 * HOUR, 24),
      {
        actorUserId: 10,
      },
    );
    expect(moved).toMatchObject({ status: 'confirmed', icsSequence: 1, icsUid: booking.icsUid });
    expect(moved.preferredDateTime.getTime()).toBe(start + HOUR);
    expect(
      await codeOf(
        repository.apply(moved, reschedule(stateOf(moved), 'tutor', start + 2.5 * HOUR, start, 24), {
          actorUserId: 20,
        }),
      ),
    ).toBe(ErrorCodes.slotTaken);
  });

  it('round-trips weekly hours and date exceptions, a closed day included', async () => {
    const availability = {
      weekly: [
        { weekday: 1, startMinute: 540, endMinute: 720 },
        { weekday: 3, startMinute: 780, endMinute: 1440 },
      ],
      exceptions: [
        { date: '2027-03-28', spans: [] },
        { date: '2027-10-31', spans: [{ startMinute: 60, endMinute: 120 }] },
      ],
    };
    await repository.replaceAvailability(tutor.id, availability);
    expect(await repository.availabilityOf(tutor.id)).toEqual(availability);
    await repository.replaceAvailability(tutor.id, { weekly: [], exceptions: [] });
    expect(await repository.availabilityOf(tutor.id)).toEqual({ weekly: [], exceptions: [] });
  });
});
