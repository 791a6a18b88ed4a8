import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  AvailabilityDtoSchema,
  BookingDtoSchema,
  BookingListSchema,
  BookingMessages,
  ErrorCodes,
  EventTypes,
  HoursUsedV1Schema,
  PackageDtoSchema,
  Packages,
  SlotsDtoSchema,
  Subjects,
  TutorDirectoryMessages,
} from '@medtutor/contracts';
import { sql } from '@medtutor/nest-kit/testing';
import { actors, rpc, startTutoring } from './support/harness.js';

type Service = Awaited<ReturnType<typeof startTutoring>>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STEP = 30 * 60_000;
/** Every day, all day: the slot rules' windows decide what is offered. */
const allWeek = {
  weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 0, endMinute: 1440 })),
  exceptions: [],
};
const onGrid = (ms: number) => Math.ceil(ms / STEP) * STEP;
const iso = (ms: number) => new Date(ms).toISOString();

/** Bookings over NATS against real PostgreSQL: the rules proven through the service's wiring. */
describe('bookings RPCs (real PostgreSQL and NATS)', () => {
  let service: Service;
  let call: ReturnType<typeof rpc>['call'];
  let fail: ReturnType<typeof rpc>['fail'];
  let tutorId: number;

  const studentDetails = { studentName: 'Sam Student', studentEmail: 'sam@example.com' };
  const newPackage = async (
    userId: number,
    packageName: string,
    options: { paidHoursAgo?: number; total?: number } = {},
  ) => {
    const [row] = await sql<{ id: number }>(
      service.db.url,
      `INSERT INTO user_sessions (user_id, subject, package_name, total_hours, original_hours, purchase_date, primary_tutor_id,
         assigned_tutor, tutor_calendar_link, updated_at)
       VALUES ($1, 'Medical School Interviews', $2, $3, $3, now() - make_interval(hours => $4), $5, 'Dr Booker', 'https://cal.example/b', now())
       RETURNING id`,
      [userId, packageName, options.total ?? 5, options.paidHoursAgo ?? 72, tutorId],
    );
    return row!.id;
  };
  const hoursOf = async (packageId: number) => {
    const [row] = await sql<{ used: string; reserved: string }>(
      service.db.url,
      'SELECT used_hours::text AS used, reserved_hours::text AS reserved FROM user_sessions WHERE id = $1',
      [packageId],
    );
    return { used: Number(row!.used), reserved: Number(row!.reserved) };
  };
  const book = async (sessionId: number, start: number, actor = actors.studentA, durationHours = 1) =>
    BookingDtoSchema.parse(
      await call(
        Subjects.tutoring.createBooking,
        { sessionId, start: iso(start), durationHours, ...studentDetails },
        actor,
      ),
    );
  /** Moves a booking's time directly: the API rightly refuses to book inside the notice. */
  const moveInDatabase = (bookingId: string, start: number) =>
    sql(
      service.db.url,
      `UPDATE bookings SET preferred_date_time = $2, ends_at = $2::timestamptz + interval '1 hour' WHERE id = $1`,
      [bookingId, iso(start)],
    );

  beforeAll(async () => {
    service = await startTutoring('bookings_rpc');
    ({ call, fail } = rpc(service));
  }, 60_000);

  beforeEach(async () => {
    await sql(
      service.db.url,
      'TRUNCATE bookings, hours_ledger, tutor_weekly_hours, tutor_date_exceptions, user_sessions, outbox_events CASCADE',
    );
    await sql(service.db.url, 'UPDATE tutors SET user_id = NULL WHERE user_id = $1', [actors.tutor.userId]);
    const [row] = await sql<{ id: number }>(
      service.db.url,
      `INSERT INTO tutors (name, specialty, calendar_link, meeting_link, user_id, updated_at)
       VALUES ('Dr Booker', 'Interviews', 'https://cal.example/b', 'https://meet.example/b', $1, now()) RETURNING id`,
      [actors.tutor.userId],
    );
    tutorId = row!.id;
    await call(Subjects.tutoring.setAvailability, allWeek, actors.tutor);
  });

  afterAll(() => service.stop());

  describe('availability', () => {
    it("lets a tutor set and read their own, and an admin any tutor's by id", async () => {
      const mine = AvailabilityDtoSchema.parse(await call(Subjects.tutoring.getAvailability, {}, actors.tutor));
      expect(mine).toMatchObject({ tutorId, timeZone: 'Europe/London', weekly: allWeek.weekly });
      const changed = {
        weekly: [{ weekday: 2, startMinute: 540, endMinute: 720 }],
        exceptions: [{ date: '2027-03-28', spans: [] }],
      };
      await call(Subjects.tutoring.setAvailability, { tutorId, ...changed }, actors.admin);
      expect(await call(Subjects.tutoring.getAvailability, { tutorId }, actors.admin)).toEqual({
        tutorId,
        timeZone: 'Europe/London',
        ...changed,
      });
      expect((await fail(Subjects.tutoring.getAvailability, {}, actors.admin)).message).toBe(
        BookingMessages.tutorIdRequired,
      );
      expect((await fail(Subjects.tutoring.getAvailability, {}, actors.studentA)).code).toBe(ErrorCodes.forbidden);
    });

    it('refuses overlapping or reversed spans with the messages of contracts', async () => {
      const overlapping = {
        weekly: [
          { weekday: 1, startMinute: 540, endMinute: 720 },
          { weekday: 1, startMinute: 600, endMinute: 660 },
        ],
        exceptions: [],
      };
      expect((await fail(Subjects.tutoring.setAvailability, overlapping, actors.tutor)).message).toContain(
        BookingMessages.availabilityOverlap,
      );
      const reversed = { weekly: [{ weekday: 1, startMinute: 720, endMinute: 540 }], exceptions: [] };
      expect((await fail(Subjects.tutoring.setAvailability, reversed, actors.tutor)).message).toContain(
        BookingMessages.availabilityOrder,
      );
    });
  });

  describe('slots', () => {
    it('offers starts from 24 hours ahead on the half hour, and flexible scheduling from 12', async () => {
      const single = await newPackage(actors.studentA.userId, Packages.singleSession.name);
      const now = Date.now();
      const query = { sessionId: single, durationHours: 1, from: iso(now), to: iso(now + 3 * DAY) };
      const slots = SlotsDtoSchema.parse(await call(Subjects.tutoring.listSlots, query, actors.studentA));
      expect(slots).toMatchObject({ noticeHours: 24, horizonDays: 14, availabilityPending: false });
      const first = Date.parse(slots.slots[0]!.start);
      expect(first).toBeGreaterThanOrEqual(now + 24 * HOUR);
      expect(first).toBeLessThanOrEqual(onGrid(now + 24 * HOUR) + STEP);
      expect(first % STEP).toBe(0);

      const flexible = await newPackage(actors.studentA.userId, Packages.package10.name);
      const flexibleSlots = SlotsDtoSchema.parse(
        await call(Subjects.tutoring.listSlots, { ...query, sessionId: flexible }, actors.studentA),
      );
      expect(flexibleSlots).toMatchObject({ noticeHours: 12, horizonDays: 28 });
      expect(Date.parse(flexibleSlots.slots[0]!.start)).toBeLessThan(now + 13 * HOUR);
    });

    it('starts no earlier than 48 hours after the payment', async () => {
      const fresh = await newPackage(actors.studentA.userId, Packages.package10.name, { paidHoursAgo: 1 });
      const now = Date.now();
      const slots = SlotsDtoSchema.parse(
        await call(
          Subjects.tutoring.listSlots,
          { sessionId: fresh, durationHours: 1, from: iso(now), to: iso(now + 4 * DAY) },
          actors.studentA,
        ),
      );
      expect(Date.parse(slots.slots[0]!.start)).toBeGreaterThanOrEqual(now + 47 * HOUR);
      const tooEarly = onGrid(now + 30 * HOUR);
      expect(
        (
          await fail(
            Subjects.tutoring.createBooking,
            { sessionId: fresh, start: iso(tooEarly), durationHours: 1, ...studentDetails },
            actors.studentA,
          )
        ).message,
      ).toBe(BookingMessages.beforePaymentLead);
    });

    it('leaves out booked times, and says when the tutor has no availability', async () => {
      const packageId = await newPackage(actors.studentA.userId, Packages.package5.name);
      const start = onGrid(Date.now() + 2 * DAY);
      await book(packageId, start);
      // Booked already: the same answer as losing a race at the constraint.
      const again = await fail(
        Subjects.tutoring.createBooking,
        { sessionId: packageId, start: iso(start + STEP), durationHours: 1, ...studentDetails },
        actors.studentA,
      );
      expect(again).toMatchObject({ code: ErrorCodes.slotTaken, message: BookingMessages.slotTaken });
      const range = { sessionId: packageId, durationHours: 1, from: iso(start - 2 * HOUR), to: iso(start + 2 * HOUR) };
      const starts = SlotsDtoSchema.parse(await call(Subjects.tutoring.listSlots, range, actors.studentA)).slots.map(
        (s) => s.start,
      );
      expect(starts).toEqual([
        iso(start - 2 * HOUR),
        iso(start - 1.5 * HOUR),
        iso(start - HOUR),
        iso(start + HOUR),
        iso(start + 1.5 * HOUR),
      ]);

      await call(Subjects.tutoring.setAvailability, { weekly: [], exceptions: [] }, actors.tutor);
      const none = SlotsDtoSchema.parse(await call(Subjects.tutoring.listSlots, range, actors.studentA));
      expect(none).toMatchObject({ availabilityPending: true, calendarLink: 'https://cal.example/b', slots: [] });
    });

    it("answers another student's package as missing", async () => {
      const packageId = await newPackage(actors.studentA.userId, Packages.package5.name);
      const now = Date.now();
      const query = { sessionId: packageId, durationHours: 1, from: iso(now), to: iso(now + DAY) };
      expect((await fail(Subjects.tutoring.listSlots, query, actors.studentB)).code).toBe(ErrorCodes.notFound);
      expect(
        (
          await fail(
            Subjects.tutoring.createBooking,
            { sessionId: packageId, start: iso(onGrid(now + 2 * DAY)), durationHours: 1, ...studentDetails },
            actors.studentB,
          )
        ).code,
      ).toBe(ErrorCodes.notFound);
    });

    it('validates the duration and the range', async () => {
      const now = Date.now();
      const bad = { sessionId: 1, durationHours: 3, from: iso(now), to: iso(now + DAY) };
      expect((await fail(Subjects.tutoring.listSlots, bad, actors.studentA)).message).toContain(
        TutorDirectoryMessages.durationInvalid,
      );
      const long = { sessionId: 1, durationHours: 1, from: iso(now), to: iso(now + 40 * DAY) };
      expect((await fail(Subjects.tutoring.listSlots, long, actors.studentA)).message).toContain(
        BookingMessages.rangeTooLong,
      );
    });
  });

  describe('booking', () => {
    it('reserves the hours and confirms with the tutor’s links; exactly one of two students racing for a slot wins', async () => {
      const packageA = await newPackage(actors.studentA.userId, Packages.package5.name);
      const packageB = await newPackage(actors.studentB.userId, Packages.package5.name);
      const start = onGrid(Date.now() + 3 * DAY);
      const results = await Promise.allSettled([
        call(
          Subjects.tutoring.createBooking,
          { sessionId: packageA, start: iso(start), durationHours: 1.5, ...studentDetails },
          actors.studentA,
        ),
        call(
          Subjects.tutoring.createBooking,
          { sessionId: packageB, start: iso(start), durationHours: 1.5, ...studentDetails },
          actors.studentB,
        ),
      ]);
      const won = results.filter((r) => r.status === 'fulfilled').map((r) => BookingDtoSchema.parse(r.value));
      expect(won).toHaveLength(1);
      expect(won[0]).toMatchObject({
        status: 'confirmed',
        duration: 90,
        meetingLink: 'https://meet.example/b',
        tutorAssigned: 'Dr Booker',
        reservedHours: 1.5,
      });
      const lost = results
        .filter((r) => r.status === 'rejected')
        .map((r) => r.reason as { code: string; message: string });
      expect(lost).toEqual([
        expect.objectContaining({ code: ErrorCodes.slotTaken, message: BookingMessages.slotTaken }),
      ]);
      const reserved = [(await hoursOf(packageA)).reserved, (await hoursOf(packageB)).reserved].sort();
      expect(reserved).toEqual([0, 1.5]);
    });

    it("carries the meeting link an admin sets on the tutor's directory entry", async () => {
      const updated = await call(
        Subjects.tutoring.updateTutor,
        { tutorId, meetingLink: 'https://meet.example/new-room' },
        actors.admin,
      );
      expect(updated).toMatchObject({ meetingLink: 'https://meet.example/new-room' });
      expect(
        (await fail(Subjects.tutoring.updateTutor, { tutorId, meetingLink: 'javascript:alert(1)' }, actors.admin)).code,
      ).toBe(ErrorCodes.validationFailed);
      const packageId = await newPackage(actors.studentA.userId, Packages.package5.name);
      expect(await book(packageId, onGrid(Date.now() + 2 * DAY))).toMatchObject({
        meetingLink: 'https://meet.example/new-room',
      });
    });

    it("answers 'Insufficient hours' when the remaining hours are short", async () => {
      const packageId = await newPackage(actors.studentA.userId, Packages.singleSession.name, { total: 1 });
      const start = onGrid(Date.now() + 2 * DAY);
      const failure = await fail(
        Subjects.tutoring.createBooking,
        { sessionId: packageId, start: iso(start), durationHours: 1.5, ...studentDetails },
        actors.studentA,
      );
      expect(failure).toMatchObject({ code: ErrorCodes.insufficientHours, message: 'Insufficient hours' });
      await book(packageId, start);
      expect(
        (
          await fail(
            Subjects.tutoring.createBooking,
            { sessionId: packageId, start: iso(start + 2 * HOUR), durationHours: 1, ...studentDetails },
            actors.studentA,
          )
        ).code,
      ).toBe(ErrorCodes.insufficientHours);
    });

    it('refuses a time inside the notice with the notice in the message', async () => {
      const packageId = await newPackage(actors.studentA.userId, Packages.package5.name);
      const failure = await fail(
        Subjects.tutoring.createBooking,
        { sessionId: packageId, start: iso(onGrid(Date.now() + 2 * HOUR)), durationHours: 1, ...studentDetails },
        actors.studentA,
      );
      expect(failure).toMatchObject({ code: ErrorCodes.slotNotOffered, message: BookingMessages.tooSoon(24) });
    });

    it('lists a student’s own, a tutor’s own and (admin) everyone’s with filters', async () => {
      const packageA = await newPackage(actors.studentA.userId, Packages.package5.name);
      const packageB = await newPackage(actors.studentB.userId, Packages.package5.name);
      const start = onGrid(Date.now() + 2 * DAY);
      const a = await book(packageA, start);
      const b = await book(packageB, start + 2 * HOUR, actors.studentB);
      const ids = async (actor: (typeof actors)[keyof typeof actors], query = {}) =>
        BookingListSchema.parse(await call(Subjects.tutoring.listBookings, query, actor)).map((x) => x.id);
      expect(await ids(actors.studentA)).toEqual([a.id]);
      expect(await ids(actors.tutor)).toEqual([a.id, b.id]);
      expect(await ids(actors.otherTutor)).toEqual([]);
      // The tutor sees the student's name, not their email.
      const forTutor = BookingListSchema.parse(await call(Subjects.tutoring.listBookings, {}, actors.tutor));
      expect(forTutor.map((x) => [x.studentName, x.studentEmail])).toEqual([
        ['Sam Student', null],
        ['Sam Student', null],
      ]);
      expect(a.studentEmail).toBe('sam@example.com');
      expect(await ids(actors.admin, { tutorId, from: iso(start + HOUR) })).toEqual([b.id]);
      expect(await ids(actors.admin, { status: 'cancelled' })).toEqual([]);
    });
  });

  describe('free trial', () => {
    const trialRequest = async () => {
      const [row] = await sql<{ id: number }>(
        service.db.url,
        `INSERT INTO consultations (first_name, last_name, email, phone, subject_interest, is_free_trial, phone_key)
         VALUES ('Tia', 'Trial', 'tia@example.com', '07700900000', 'FREE TRIAL - Medical School Interviews', true, '07700900000')
         RETURNING id`,
      );
      return row!.id;
    };

    it('lets an admin book 15 to 30 minutes of a trial request with a tutor, holding no hours', async () => {
      const consultationId = await trialRequest();
      const start = onGrid(Date.now() + DAY);
      const booking = BookingDtoSchema.parse(
        await call(
          Subjects.tutoring.bookFreeTrial,
          { consultationId, tutorId, start: iso(start), durationMinutes: 20 },
          actors.admin,
        ),
      );
      expect(booking).toMatchObject({
        isFreeTrial: true,
        duration: 20,
        price: 0,
        reservedHours: 0,
        sessionId: null,
        studentName: 'Tia Trial',
        subject: 'Medical School Interviews',
        meetingLink: 'https://meet.example/b',
        status: 'confirmed',
      });
      // The tutor's time is taken like any booking's.
      const clash = await fail(
        Subjects.tutoring.bookFreeTrial,
        { consultationId, tutorId, start: iso(start + 10 * 60_000), durationMinutes: 15 },
        actors.admin,
      );
      expect(clash.code).toBe(ErrorCodes.slotTaken);
    });

    it('refuses other lengths, other roles and unknown requests', async () => {
      const consultationId = await trialRequest();
      const body = { consultationId, tutorId, start: iso(onGrid(Date.now() + DAY)), durationMinutes: 45 };
      expect((await fail(Subjects.tutoring.bookFreeTrial, body, actors.admin)).message).toContain(
        BookingMessages.freeTrialLength,
      );
      expect(
        (await fail(Subjects.tutoring.bookFreeTrial, { ...body, durationMinutes: 30 }, actors.studentA)).code,
      ).toBe(ErrorCodes.forbidden);
      expect(
        (
          await fail(
            Subjects.tutoring.bookFreeTrial,
            { ...body, durationMinutes: 30, consultationId: 999_999 },
            actors.admin,
          )
        ).message,
      ).toBe(BookingMessages.trialRequestNotFound);
    });
  });

  describe('changes', () => {
    it("returns a student's hours when cancelled 24 hours ahead or more, bumping the ICS sequence", async () => {
      const packageId = await newPackage(actors.studentA.userId, Packages.package5.name);
      const booking = await book(packageId, onGrid(Date.now() + 2 * DAY));
      const cancelled = BookingDtoSchema.parse(
        await call(Subjects.tutoring.cancelBooking, { bookingId: booking.id }, actors.studentA),
      );
      expect(cancelled).toMatchObject({
        status: 'cancelled',
        hoursOutcome: 'returned',
        cancelledBy: 'student',
        icsSequence: 1,
        icsUid: booking.icsUid,
      });
      expect(await hoursOf(packageId)).toEqual({ used: 0, reserved: 0 });
      expect((await fail(Subjects.tutoring.cancelBooking, { bookingId: booking.id }, actors.studentA)).code).toBe(
        ErrorCodes.bookingStatusConflict,
      );
    });

    it('uses them when the student cancels later, with a ledger entry and hours_used for payroll', async () => {
      const packageId = await newPackage(actors.studentA.userId, Packages.package5.name);
      const booking = await book(packageId, onGrid(Date.now() + 2 * DAY));
      await moveInDatabase(booking.id, Date.now() + 23 * HOUR);
      const cancelled = BookingDtoSchema.parse(
        await call(Subjects.tutoring.cancelBooking, { bookingId: booking.id }, actors.studentA),
      );
      expect(cancelled).toMatchObject({ status: 'cancelled', hoursOutcome: 'used' });
      expect(await hoursOf(packageId)).toEqual({ used: 1, reserved: 0 });
      const [event] = await sql<{ payload: { data: unknown } }>(
        service.db.url,
        'SELECT payload FROM outbox_events WHERE type = $1',
        [EventTypes.hoursUsed],
      );
      expect(HoursUsedV1Schema.parse(event!.payload.data)).toMatchObject({
        sessionId: packageId,
        hours: 1,
        usedHoursAfter: 1,
        tutorId,
        // The student recorded it: payroll counts only the hours tutors record.
        actorRole: 'student',
      });
    });

    it('always returns them when the tutor cancels, even an hour before', async () => {
      const packageId = await newPackage(actors.studentA.userId, Packages.package5.name);
      const booking = await book(packageId, onGrid(Date.now() + 2 * DAY));
      await moveInDatabase(booking.id, Date.now() + HOUR);
      const cancelled = BookingDtoSchema.parse(
        await call(Subjects.tutoring.cancelBooking, { bookingId: booking.id }, actors.tutor),
      );
      expect(cancelled).toMatchObject({ hoursOutcome: 'returned', cancelledBy: 'tutor' });
      expect(await hoursOf(packageId)).toEqual({ used: 0, reserved: 0 });
    });

    it('marks a no-show (tutor, after the start): the hours are used; not before, not by the student', async () => {
      const packageId = await newPackage(actors.studentA.userId, Packages.package5.name);
      const booking = await book(packageId, onGrid(Date.now() + 2 * DAY));
      expect((await fail(Subjects.tutoring.markBookingNoShow, { bookingId: booking.id }, actors.tutor)).message).toBe(
        BookingMessages.noShowTooEarly,
      );
      await moveInDatabase(booking.id, Date.now() - 10 * 60_000);
      expect((await fail(Subjects.tutoring.markBookingNoShow, { bookingId: booking.id }, actors.studentA)).code).toBe(
        ErrorCodes.notFound,
      );
      expect(await call(Subjects.tutoring.markBookingNoShow, { bookingId: booking.id }, actors.tutor)).toMatchObject({
        status: 'no_show',
        hoursOutcome: 'used',
      });
      expect(await hoursOf(packageId)).toEqual({ used: 1, reserved: 0 });
    });

    it('reschedules under the same notice rules for students, any time for the tutor', async () => {
      const packageId = await newPackage(actors.studentA.userId, Packages.package5.name);
      const start = onGrid(Date.now() + 2 * DAY);
      const booking = await book(packageId, start);
      const moved = BookingDtoSchema.parse(
        await call(
          Subjects.tutoring.rescheduleBooking,
          { bookingId: booking.id, start: iso(start + DAY) },
          actors.studentA,
        ),
      );
      expect(moved).toMatchObject({ preferredDateTime: iso(start + DAY), icsSequence: 1, status: 'confirmed' });
      // Half an hour later overlaps only itself: allowed.
      await call(
        Subjects.tutoring.rescheduleBooking,
        { bookingId: booking.id, start: iso(start + DAY + STEP) },
        actors.studentA,
      );
      expect(
        (
          await fail(
            Subjects.tutoring.rescheduleBooking,
            { bookingId: booking.id, start: iso(onGrid(Date.now() + HOUR)) },
            actors.studentA,
          )
        ).message,
      ).toBe(BookingMessages.tooSoon(24));
      await moveInDatabase(booking.id, Date.now() + 5 * HOUR);
      expect(
        (
          await fail(
            Subjects.tutoring.rescheduleBooking,
            { bookingId: booking.id, start: iso(start + DAY) },
            actors.studentA,
          )
        ).message,
      ).toBe(BookingMessages.changeTooLate(24));
      const byTutor = await call(
        Subjects.tutoring.rescheduleBooking,
        { bookingId: booking.id, start: iso(onGrid(Date.now() + 2 * HOUR)) },
        actors.tutor,
      );
      expect(byTutor).toMatchObject({ status: 'confirmed' });
      expect(
        (await fail(Subjects.tutoring.rescheduleBooking, { bookingId: booking.id, start: iso(start) }, actors.studentB))
          .code,
      ).toBe(ErrorCodes.notFound);
    });

    it('turns a delivered booking’s reserved hours into used ones once', async () => {
      const packageId = await newPackage(actors.studentA.userId, Packages.package5.name);
      const booking = await book(packageId, onGrid(Date.now() + 2 * DAY), actors.studentA, 1.5);
      expect(await hoursOf(packageId)).toEqual({ used: 0, reserved: 1.5 });
      const delivered = { sessionId: packageId, date: '2027-03-29', durationHours: 1.5, bookingId: booking.id };
      const pkg = PackageDtoSchema.parse(await call(Subjects.tutoring.recordDeliveredSession, delivered, actors.tutor));
      expect(pkg.usedHours).toBe(1.5);
      expect(await hoursOf(packageId)).toEqual({ used: 1.5, reserved: 0 });
      const [row] = await sql<{ status: string }>(service.db.url, 'SELECT status FROM bookings WHERE id = $1', [
        booking.id,
      ]);
      expect(row!.status).toBe('completed');
      expect((await fail(Subjects.tutoring.recordDeliveredSession, delivered, actors.tutor)).code).toBe(
        ErrorCodes.bookingStatusConflict,
      );
      expect(await hoursOf(packageId)).toEqual({ used: 1.5, reserved: 0 });
    });

    it('counts reserved hours as taken when a session without a booking is logged', async () => {
      const packageId = await newPackage(actors.studentA.userId, Packages.singleSession.name, { total: 2 });
      await book(packageId, onGrid(Date.now() + 2 * DAY), actors.studentA, 1.5);
      const failure = await fail(
        Subjects.tutoring.recordDeliveredSession,
        { sessionId: packageId, date: '2027-03-29', durationHours: 1 },
        actors.tutor,
      );
      expect(failure.message).toBe(TutorDirectoryMessages.notEnoughHours(0.5));
    });
  });
});
