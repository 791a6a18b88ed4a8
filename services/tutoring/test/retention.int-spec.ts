import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RetentionCounts } from '@medtutor/nest-kit';
import { capturedLogger, sql } from '@medtutor/nest-kit/testing';
import { ErasedStudentName } from '@medtutor/contracts';
import { serviceModule } from '@medtutor/nest-kit';
import { Test, type TestingModule } from '@nestjs/testing';
import { tutoring } from '../src/service.js';
import { TutoringRetentionJob } from '../src/modules/retention/retention.job.js';
import { startTutoring, testConfig } from './support/harness.js';

type Service = Awaited<ReturnType<typeof startTutoring>>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The rounds' time: far from the real one, so the rounds each replica runs at start touch no row here. */
const NOW = new Date('2030-05-01T09:00:00.000Z');
const at = (offset: number) => new Date(NOW.getTime() + offset).toISOString();

/**
 * tutoring's retention job against real rows, two replicas on one database, at the test's time:
 * requests of addresses that never bought go after RETENTION_REQUESTS_DAYS (365), buyers'
 * stay; spent acknowledgement markers and old mail records go; each row once; counts in the log.
 */
describe('tutoring retention (two replicas)', () => {
  let service: Service;
  let replicaB: TestingModule;
  const { logger, lines } = capturedLogger();
  const jobOf = (app: { get: TestingModule['get'] }) => app.get(TutoringRetentionJob).job;

  /** A request as the public form writes it, `age` before the clock. */
  const request = (firstName: string, email: string | null, age: number, isFreeTrial = false) =>
    sql(
      service.db.url,
      `INSERT INTO consultations (first_name, last_name, email, phone, subject_interest, is_free_trial, email_key,
         phone_key, created_at)
       VALUES ($1, 'Lee', $2, '07700 900123', 'UCAT', $3, $4, '07700900123', $5)`,
      [firstName, email, isFreeTrial, email ? email.trim().toLowerCase() : null, at(-age)],
    );
  /** A package bought with this address, as the payment event records it. */
  const purchase = (buyerEmailKey: string | null) =>
    sql(
      service.db.url,
      `INSERT INTO user_sessions (user_id, subject, package_name, total_hours, original_hours, purchase_date, payment_id,
         buyer_email_key, updated_at)
       VALUES (10, 'UCAT', '5 Sessions Package', 5, 5, $1, $2, $3, now())`,
      [at(-400 * DAY), randomUUID(), buyerEmailKey],
    );
  const acknowledgement = (email: string, age: number) =>
    sql(service.db.url, 'INSERT INTO acknowledgements (address_hash, sent_at) VALUES ($1, $2)', [
      createHash('sha256').update(email).digest('hex'),
      at(-age),
    ]);
  /**
   * A mail record, `sent` before the clock or not sent. Not due before the test's time: the replicas' mail
   * relays run on the real clock, and one that sent the unsent record first would date it now, which the
   * round, at the test's time, then counts as past 30 days (it did once in CI).
   */
  const mail = (to: string, sent: number | null) =>
    sql(
      service.db.url,
      `INSERT INTO outbound_emails (id, to_address, subject, text, html, created_at, next_attempt_at, sent_at)
       VALUES (gen_random_uuid(), $1, 'We received your request', '', '', $2, $3, $4)`,
      [to, at(-400 * DAY), at(0), sent === null ? null : at(-sent)],
    );
  const names = async () =>
    (await sql<{ first_name: string }>(service.db.url, 'SELECT first_name FROM consultations ORDER BY first_name')).map(
      (row) => row.first_name,
    );
  const count = async (table: string) =>
    Number((await sql<{ n: string }>(service.db.url, `SELECT count(*) AS n FROM ${table}`))[0]!.n);

  beforeAll(async () => {
    service = await startTutoring('retention', {}, undefined);
    const mailDir = await mkdtemp(join(tmpdir(), 'tutoring-replica-mail-'));
    replicaB = await Test.createTestingModule({
      imports: [
        serviceModule(
          tutoring,
          testConfig({ TUTORING_DATABASE_URL: service.db.url, NATS_URL: service.nats.url }, mailDir),
          logger,
        ),
      ],
    }).compile();
    await replicaB.init();
    // The rounds each runs at start are over; from here the test runs them, at the test's time.
    await jobOf(service.app).stop();
    await jobOf(replicaB).stop();
  });

  afterAll(async () => {
    await replicaB?.close();
    await service?.stop();
  });

  beforeEach(async () => {
    for (const table of ['bookings', 'consultations', 'user_sessions', 'acknowledgements', 'outbound_emails']) {
      await sql(service.db.url, `DELETE FROM ${table}`);
    }
    lines.length = 0;
  });

  it("deletes never-bought requests from 365 days on, keeps recent ones and buyers' whatever their age", async () => {
    await request('Ada', 'ada@example.com', 365 * DAY); // exactly the period: due
    await request('Ben', 'ben@example.com', 365 * DAY - 1); // a millisecond younger: kept
    await request('Cal', 'cal@example.com', 500 * DAY, true); // an old free-trial request
    await request('Dee', null, 400 * DAY); // no address to match a purchase with
    await request('Eve', ' Eve.Buyer@Example.com', 700 * DAY); // she bought, with that address in any case
    await request('Fay', 'fay@example.com', 3 * DAY);
    await purchase('eve.buyer@example.com');
    await purchase(null); // a package bought before payments carried the address

    const rounds = await Promise.all([jobOf(service.app).runOnce(NOW), jobOf(replicaB).runOnce(NOW)]);

    expect(total(rounds, 'requests')).toBe(3);
    expect(await names()).toEqual(['Ben', 'Eve', 'Fay']);
    expect(await jobOf(replicaB).runOnce(NOW)).toMatchObject({ requests: 0 });
  });

  it("keeps a deleted request's free-trial booking in the tutor's history, without the person", async () => {
    await request('Gus', 'gus@example.com', 400 * DAY, true);
    await request('Hal', 'hal@example.com', 3 * DAY, true);
    const [tutor] = await sql<{ id: number }>(
      service.db.url,
      `INSERT INTO tutors (name, specialty, calendar_link, updated_at)
       VALUES ('Dr Trial', 'UCAT', 'https://cal.example/t', now()) RETURNING id`,
    );
    const trial = (firstName: string, startAge: number) =>
      sql(
        service.db.url,
        `INSERT INTO bookings (id, student_name, student_email, subject, duration, preferred_date_time, ends_at,
           additional_notes, is_free_trial, status, tutor_id, consultation_id, ics_uid, booked_by, updated_at)
         SELECT gen_random_uuid(), $1 || ' Lee', email, 'UCAT', 30, $2, $2::timestamptz + interval '30 minutes',
           'Call me on 07700 900123', true, 'completed', $3, id, gen_random_uuid()::text || '@medpath', 'admin', now()
           FROM consultations WHERE first_name = $1`,
        [firstName, at(-startAge), tutor!.id],
      );
    await trial('Gus', 390 * DAY);
    await trial('Hal', 2 * DAY);

    expect(await jobOf(service.app).runOnce(NOW)).toMatchObject({ requests: 1 });

    expect(
      await sql(
        service.db.url,
        'SELECT student_name, student_email, additional_notes, status FROM bookings ORDER BY preferred_date_time',
      ),
    ).toEqual([
      { student_name: ErasedStudentName, student_email: '', additional_notes: null, status: 'completed' },
      {
        student_name: 'Hal Lee',
        student_email: 'hal@example.com',
        additional_notes: 'Call me on 07700 900123',
        status: 'completed',
      },
    ]);
  });

  it('deletes in batches: a backlog larger than a batch goes in one round', async () => {
    await sql(
      service.db.url,
      `INSERT INTO consultations (first_name, last_name, email, phone, subject_interest, email_key, phone_key, created_at)
       SELECT 'Old' || n, 'Lee', 'old' || n || '@example.com', '07700 900123', 'UCAT', 'old' || n || '@example.com',
              '07700900123', $1
         FROM generate_series(1, 1100) AS n`,
      [at(-400 * DAY)],
    );

    expect(await jobOf(service.app).runOnce(NOW)).toMatchObject({ requests: 1_100 });
    expect(await count('consultations')).toBe(0);
  });

  it('deletes acknowledgement markers past their day and mail records past 30 days, and logs counts only', async () => {
    await acknowledgement('old@example.com', DAY);
    await acknowledgement('recent@example.com', DAY - 1);
    await mail('sent-long-ago@example.com', 31 * DAY);
    await mail('sent-today@example.com', HOUR);
    await mail('not-sent-yet@example.com', null);

    // replicaB logs to the test's logger.
    expect(await jobOf(replicaB).runOnce(NOW)).toEqual({ requests: 0, acknowledgements: 1, mail: 1 });

    expect(await count('acknowledgements')).toBe(1);
    expect(await count('outbound_emails')).toBe(2);
    expect(lines.find((line) => line.msg === 'retention round done')).toMatchObject({
      deleted: { requests: 0, acknowledgements: 1, mail: 1 },
    });
    expect(JSON.stringify(lines)).not.toContain('@example.com');
  });
});

const total = (rounds: (RetentionCounts | 'locked')[], task: string) =>
  rounds.reduce((sum, round) => sum + (round === 'locked' ? 0 : (round[task] ?? 0)), 0);
