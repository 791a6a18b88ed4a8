import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { BookingDtoSchema, Packages, SlotsDtoSchema, Subjects } from '@medtutor/contracts';
import { sql } from '@medtutor/nest-kit/testing';
import { BookingsService } from '../src/modules/bookings/bookings.service.js';
import { actors, rpc, startTutoring } from './support/harness.js';

type Service = Awaited<ReturnType<typeof startTutoring>>;

const HOUR = 3_600_000;
const utc = (iso: string) => Date.parse(iso);
const everyDay = (startMinute: number, endMinute: number) => ({
  weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute, endMinute })),
  exceptions: [],
});

/**
 * Slots and bookings across the Europe/London clock changes of 2027 (28 March, 31 October), through
 * the service's RPCs with its clock set by the test: the service reads the time only through now().
 */
describe('bookings across the clock changes (controllable clock, real PostgreSQL and NATS)', () => {
  let service: Service;
  let call: ReturnType<typeof rpc>['call'];
  let clock = 0;
  let tutorId: number;

  const newPackage = async (paidAt: number) => {
    const [row] = await sql<{ id: number }>(
      service.db.url,
      `INSERT INTO user_sessions (user_id, subject, package_name, total_hours, original_hours, purchase_date, primary_tutor_id, updated_at)
       VALUES ($1, 'Medical School Interviews', $2, 10, 10, $3, $4, now()) RETURNING id`,
      [actors.studentA.userId, Packages.package10.name, new Date(paidAt).toISOString(), tutorId],
    );
    return row!.id;
  };
  const slotStarts = async (sessionId: number, from: string, to: string, durationHours = 1) =>
    SlotsDtoSchema.parse(
      await call(Subjects.tutoring.listSlots, { sessionId, durationHours, from, to }, actors.studentA),
    ).slots.map((slot) => slot.start);

  beforeAll(async () => {
    service = await startTutoring('bookings_clock');
    ({ call } = rpc(service));
    const bookings = service.app.get(BookingsService);
    jest.spyOn(bookings as unknown as { now: () => number }, 'now').mockImplementation(() => clock);
  }, 60_000);

  beforeEach(async () => {
    await sql(
      service.db.url,
      'TRUNCATE bookings, hours_ledger, tutor_weekly_hours, tutor_date_exceptions, user_sessions CASCADE',
    );
    await sql(service.db.url, 'UPDATE tutors SET user_id = NULL WHERE user_id = $1', [actors.tutor.userId]);
    const [row] = await sql<{ id: number }>(
      service.db.url,
      `INSERT INTO tutors (name, specialty, calendar_link, user_id, updated_at)
       VALUES ('Dr Clock', 'Interviews', 'https://cal.example/c', $1, now()) RETURNING id`,
      [actors.tutor.userId],
    );
    tutorId = row!.id;
  });

  afterAll(() => service.stop());

  it('offers London 09:00 on both sides of 28 March 2027 (09:00 GMT, then 08:00 UTC)', async () => {
    clock = utc('2027-03-25T12:00:00Z');
    const packageId = await newPackage(clock - 7 * 24 * HOUR);
    await call(Subjects.tutoring.setAvailability, everyDay(540, 600), actors.tutor);
    expect(await slotStarts(packageId, '2027-03-27T00:00:00Z', '2027-03-29T00:00:00Z')).toEqual([
      '2027-03-27T09:00:00.000Z',
      '2027-03-28T08:00:00.000Z',
    ]);
  });

  it('offers nothing in the hour the clock skips: 00:00–03:00 London on 28 March is two real hours', async () => {
    clock = utc('2027-03-25T12:00:00Z');
    const packageId = await newPackage(clock - 7 * 24 * HOUR);
    await call(Subjects.tutoring.setAvailability, everyDay(0, 180), actors.tutor);
    expect(await slotStarts(packageId, '2027-03-28T00:00:00Z', '2027-03-28T12:00:00Z', 2)).toEqual([
      '2027-03-28T00:00:00.000Z',
    ]);
  });

  it('offers the repeated hour of 31 October 2027 twice and books into its second pass', async () => {
    clock = utc('2027-10-28T12:00:00Z');
    const packageId = await newPackage(clock - 7 * 24 * HOUR);
    await call(Subjects.tutoring.setAvailability, everyDay(60, 120), actors.tutor);
    // 01:00–02:00 London runs from 01:00 BST (00:00Z) to 02:00 GMT (02:00Z).
    expect(await slotStarts(packageId, '2027-10-30T22:00:00Z', '2027-10-31T04:00:00Z')).toEqual([
      '2027-10-31T00:00:00.000Z',
      '2027-10-31T00:30:00.000Z',
      '2027-10-31T01:00:00.000Z',
    ]);
    // 01:00 GMT, the second 01:00 of the night, sent with its offset.
    const booking = BookingDtoSchema.parse(
      await call(
        Subjects.tutoring.createBooking,
        {
          sessionId: packageId,
          start: '2027-10-31T01:00:00+00:00',
          durationHours: 1,
          studentName: 'Sam',
          studentEmail: 's@example.com',
        },
        actors.studentA,
      ),
    );
    expect(booking.preferredDateTime).toBe('2027-10-31T01:00:00.000Z');
    expect(await slotStarts(packageId, '2027-10-30T22:00:00Z', '2027-10-31T04:00:00Z')).toEqual([
      '2027-10-31T00:00:00.000Z',
    ]);
  });

  it('counts the 24 hours of the cancellation rule in real hours across the spring change', async () => {
    clock = utc('2027-03-20T12:00:00Z');
    const packageId = await newPackage(clock - 7 * 24 * HOUR);
    await call(Subjects.tutoring.setAvailability, everyDay(600, 720), actors.tutor);
    // Sunday 28 March, 10:00 BST = 09:00Z.
    const create = {
      sessionId: packageId,
      start: '2027-03-28T09:00:00Z',
      durationHours: 1,
      studentName: 'Sam',
      studentEmail: 's@example.com',
    };
    const first = BookingDtoSchema.parse(await call(Subjects.tutoring.createBooking, create, actors.studentA));
    // Saturday 10:00 GMT is only 23 real hours before: the hours are used.
    clock = utc('2027-03-27T10:00:00Z');
    expect(await call(Subjects.tutoring.cancelBooking, { bookingId: first.id }, actors.studentA)).toMatchObject({
      hoursOutcome: 'used',
    });

    clock = utc('2027-03-20T12:00:00Z');
    const second = BookingDtoSchema.parse(await call(Subjects.tutoring.createBooking, create, actors.studentA));
    // Saturday 09:00 GMT is 24 real hours before: they come back.
    clock = utc('2027-03-27T09:00:00Z');
    expect(await call(Subjects.tutoring.cancelBooking, { bookingId: second.id }, actors.studentA)).toMatchObject({
      hoursOutcome: 'returned',
    });
  });
});
