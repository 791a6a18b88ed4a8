import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from '@medtutor/nest-kit/testing';
import { serviceModule } from '@medtutor/nest-kit';
import { Test, type TestingModule } from '@nestjs/testing';
import { pino } from 'pino';
import { tutoring } from '../src/service.js';
import { Clock } from '../src/infra/clock.js';
import { BookingsService } from '../src/modules/bookings/bookings.service.js';
import { BookingRemindersJob, type ReminderRound } from '../src/modules/reminders/booking-reminders.job.js';
import { BookingRemindersRepository } from '../src/modules/reminders/booking-reminders.repository.js';
import { actors, startTutoring, testConfig } from './support/harness.js';

type Service = Awaited<ReturnType<typeof startTutoring>>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A fixed "now" far from the real one: the clock is the test's, nothing waits. */
const T0 = Date.UTC(2027, 2, 20, 12, 0);
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The reminder job with a controllable clock, against real PostgreSQL: two replicas (two app
 * instances on one database) running at once send each reminder once; a restarted replica sends
 * nothing again; cancelled bookings get none; a moved booking is reminded for its new time.
 */
describe('booking reminders (two replicas, controllable clock)', () => {
  let service: Service;
  let replicaB: TestingModule;
  let tutorId: number;
  let clock = T0;

  const useClock = (app: { get: TestingModule['get'] }) =>
    jest.spyOn(app.get(Clock), 'now').mockImplementation(() => clock);

  const startReplica = async (): Promise<TestingModule> => {
    const mailDir = await mkdtemp(join(tmpdir(), 'tutoring-replica-mail-'));
    const config = testConfig({ TUTORING_DATABASE_URL: service.db.url, NATS_URL: service.nats.url }, mailDir);
    const replica = await Test.createTestingModule({
      imports: [serviceModule(tutoring, config, pino({ level: 'silent' }))],
    }).compile();
    await replica.init();
    useClock(replica);
    return replica;
  };

  /** A booking written as the booking path would, `ahead` after the clock. */
  const insertBooking = async (ahead: number, status = 'confirmed') => {
    const id = randomUUID();
    const start = clock + ahead;
    await sql(
      service.db.url,
      `INSERT INTO bookings (id, student_name, student_email, subject, duration, preferred_date_time, ends_at, status,
         tutor_assigned, meeting_link, tutor_id, student_user_id, ics_uid, booked_by, additional_notes, updated_at)
       VALUES ($1, 'Sam Lee', 'sam@example.com', 'UCAT', 60, $2, $3, $4, 'Dr Remind', 'https://meet.example/r', $5, $6,
         $7, 'student', 'Syllogisms please', now())`,
      [id, iso(start), iso(start + HOUR), status, tutorId, actors.studentA.userId, `${id}@bookings.medpath`],
    );
    return id;
  };
  const reminders = (bookingId?: string) =>
    sql<{ to_address: string; subject: string }>(
      service.db.url,
      `SELECT e.to_address, e.subject FROM outbound_emails e
        WHERE e.subject LIKE 'Reminder:%' ${bookingId ? 'AND e.created_at >= (SELECT created_at FROM bookings WHERE id = $1)' : ''}
        ORDER BY e.created_at, e.to_address`,
      bookingId ? [bookingId] : [],
    );
  const markers = async (bookingId: string) =>
    (
      await sql<{ day: boolean; hour: boolean }>(
        service.db.url,
        'SELECT reminder_24h_sent_at IS NOT NULL AS day, reminder_1h_sent_at IS NOT NULL AS hour FROM bookings WHERE id = $1',
        [bookingId],
      )
    )[0];
  const total = (rounds: ReminderRound[], kind: '24h' | '1h') =>
    rounds.reduce((sum, round) => sum + (round === 'locked' ? 0 : round[kind]), 0);

  beforeAll(async () => {
    service = await startTutoring('booking_reminders');
    useClock(service.app);
    const [row] = await sql<{ id: number }>(
      service.db.url,
      `INSERT INTO tutors (name, specialty, calendar_link, meeting_link, user_id, login_email, updated_at)
       VALUES ('Dr Remind', 'UCAT', 'https://cal.example/r', 'https://meet.example/r', $1, 'remind@medpath.test', now())
       RETURNING id`,
      [actors.tutor.userId],
    );
    tutorId = row!.id;
    replicaB = await startReplica();
  });

  afterAll(async () => {
    await replicaB?.close();
    await service?.stop();
  });

  beforeEach(async () => {
    clock = T0;
    await sql(service.db.url, 'DELETE FROM outbound_emails');
    await sql(service.db.url, 'DELETE FROM bookings');
  });

  it('two replicas running at once send each 24-hour reminder once, to the student and to the tutor', async () => {
    const ids = await Promise.all([3, 6, 9, 12].map((hours) => insertBooking(DAY + hours * HOUR)));
    const jobA = service.app.get(BookingRemindersJob);
    const jobB = replicaB.get(BookingRemindersJob);
    clock = T0 + 23 * HOUR; // inside every 24-hour window, outside the 1-hour ones

    const rounds = await Promise.all([jobA.runOnce(), jobB.runOnce(), jobA.runOnce(), jobB.runOnce()]);

    expect(total(rounds, '24h')).toBe(4);
    expect(total(rounds, '1h')).toBe(0);
    const sent = await reminders();
    expect(sent).toHaveLength(8);
    expect(sent.filter((email) => email.to_address === 'sam@example.com')).toHaveLength(4);
    expect(sent.filter((email) => email.to_address === 'remind@medpath.test')).toHaveLength(4);
    for (const id of ids) expect(await markers(id)).toEqual({ day: true, hour: false });
    // Another round finds nothing due.
    expect(await jobB.runOnce()).toEqual({ '24h': 0, '1h': 0 });
  });

  it('lets exactly one of two replicas claim the same reminder even past the lease', async () => {
    const id = await insertBooking(30 * 60_000);
    const [booking] = await service.app.get(BookingRemindersRepository).candidates(clock, 10);
    const mails = () => [{ to: 'sam@example.com', subject: 'Reminder: claim race', text: 'x', html: 'x' }];

    const claims = await Promise.all(
      [service.app, replicaB, service.app, replicaB].map((app) =>
        app.get(BookingRemindersRepository).claim(booking!, '1h', clock, mails),
      ),
    );

    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await reminders(id)).toHaveLength(1);
  });

  it('sends nothing again after a restart, then the 1-hour reminder once when its time comes', async () => {
    const id = await insertBooking(DAY + 2 * HOUR);
    clock = T0 + 4 * HOUR;
    expect(await service.app.get(BookingRemindersJob).runOnce()).toEqual({ '24h': 1, '1h': 0 });

    await replicaB.close();
    replicaB = await startReplica();
    expect(await replicaB.get(BookingRemindersJob).runOnce()).toEqual({ '24h': 0, '1h': 0 });

    clock = T0 + DAY + HOUR + 30 * 60_000;
    const rounds = await Promise.all([
      service.app.get(BookingRemindersJob).runOnce(),
      replicaB.get(BookingRemindersJob).runOnce(),
    ]);
    expect(total(rounds, '1h')).toBe(1);
    expect((await reminders(id)).map((email) => email.to_address).sort()).toEqual([
      'remind@medpath.test',
      'remind@medpath.test',
      'sam@example.com',
      'sam@example.com',
    ]);
    expect(await markers(id)).toEqual({ day: true, hour: true });
  });

  it('reminds no cancelled, completed or no-show booking, and nothing already started', async () => {
    await insertBooking(5 * HOUR, 'cancelled');
    await insertBooking(6 * HOUR, 'completed');
    await insertBooking(7 * HOUR, 'no_show');
    clock = T0 + 30 * 60_000;
    await insertBooking(-10 * 60_000);

    expect(await service.app.get(BookingRemindersJob).runOnce()).toEqual({ '24h': 0, '1h': 0 });
    expect(await reminders()).toEqual([]);
  });

  it('reminds a moved booking again for its new time', async () => {
    const id = await insertBooking(DAY + 3 * HOUR);
    clock = T0 + 5 * HOUR;
    expect(await service.app.get(BookingRemindersJob).runOnce()).toEqual({ '24h': 1, '1h': 0 });

    // An admin moves it three days later: the change email goes out and the markers are cleared.
    const newStart = T0 + 4 * DAY;
    await service.app.get(BookingsService).reschedule(actors.admin, id, iso(newStart));
    expect(await markers(id)).toEqual({ day: false, hour: false });
    expect(await service.app.get(BookingRemindersJob).runOnce()).toEqual({ '24h': 0, '1h': 0 });

    clock = newStart - 20 * HOUR;
    expect(await replicaB.get(BookingRemindersJob).runOnce()).toEqual({ '24h': 1, '1h': 0 });
    const [studentReminder] = (await reminders(id)).filter((email) => email.to_address === 'sam@example.com').slice(-1);
    expect(studentReminder!.subject).toBe(
      'Reminder: UCAT tutoring session with Dr Remind, Wednesday 24 March 2027, 12:00 (UK time)',
    );
  });

  it('counts a confirmation sent less than 24 hours ahead as the 24-hour reminder', async () => {
    clock = T0;
    const id = await insertBooking(10 * DAY);
    // Moved by the tutor's side to 6 hours from now: the change email stands in for "coming up".
    await service.app.get(BookingsService).reschedule(actors.admin, id, iso(T0 + 6 * HOUR));
    expect(await markers(id)).toEqual({ day: true, hour: false });
    expect(await service.app.get(BookingRemindersJob).runOnce()).toEqual({ '24h': 0, '1h': 0 });
    clock = T0 + 5 * HOUR + 30 * 60_000;
    expect(await service.app.get(BookingRemindersJob).runOnce()).toEqual({ '24h': 0, '1h': 1 });
  });
});
