import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { RetentionCounts } from '@medtutor/nest-kit';
import { sql, startServiceUnderTest, type ServiceUnderTest } from '@medtutor/nest-kit/testing';
import { serviceModule } from '@medtutor/nest-kit';
import { Test, type TestingModule } from '@nestjs/testing';
import { pino } from 'pino';
import { identity } from '../src/service.js';
import { IdentityRetentionJob } from '../src/modules/retention/retention.job.js';
import { capturedLogger, testConfig } from './support/harness.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The rounds' time: far from the real one, so the rounds each replica runs at start touch no row here. */
const NOW = new Date('2030-05-01T09:00:00.000Z');
const at = (offset: number) => new Date(NOW.getTime() + offset).toISOString();

/**
 * identity's retention job against real rows, two replicas on one database: spent reset and
 * invitation links go, live ones stay; sent and abandoned mail records go after RETENTION_MAIL_DAYS,
 * unsent ones never; each row once, counts (never addresses) in the log.
 */
describe('identity retention', () => {
  let service: ServiceUnderTest;
  let replicaB: TestingModule;
  const { logger, lines } = capturedLogger();
  const jobOf = (app: { get: TestingModule['get'] }) => app.get(IdentityRetentionJob).job;

  const user = async (email: string) =>
    (
      await sql<{ id: number }>(
        service.db.url,
        `INSERT INTO users (username, email, password_hash, updated_at) VALUES ($1, $1, 'x', now()) RETURNING id`,
        [email],
      )
    )[0]!.id;
  const link = (userId: number, token: string, expires: number, used: number | null = null) =>
    sql(
      service.db.url,
      `INSERT INTO password_resets (user_id, email, token_hash, created_at, expires_at, used_at)
       VALUES ($1, 'someone@example.com', $2, $3, $4, $5)`,
      [userId, token, at(-2 * DAY), at(expires), used === null ? null : at(used)],
    );
  const mail = (to: string, sent: number | null, failed: number | null = null) =>
    sql(
      service.db.url,
      `INSERT INTO outbound_emails (id, to_address, subject, text, html, created_at, sent_at, failed_at)
       VALUES (gen_random_uuid(), $1, 'Reset your password', '', '', $2, $3, $4)`,
      [to, at(-400 * DAY), sent === null ? null : at(sent), failed === null ? null : at(failed)],
    );
  const column = async (table: string, name: string) =>
    (await sql<Record<string, string>>(service.db.url, `SELECT ${name} FROM ${table} ORDER BY ${name}`)).map(
      (row) => row[name],
    );

  beforeAll(async () => {
    service = await startServiceUnderTest({
      service: identity,
      label: 'identity_retention',
      logger,
      config: ({ databaseUrl, natsUrl }) => testConfig({ IDENTITY_DATABASE_URL: databaseUrl, NATS_URL: natsUrl }),
    });
    replicaB = await Test.createTestingModule({
      imports: [
        serviceModule(
          identity,
          testConfig({ IDENTITY_DATABASE_URL: service.db.url, NATS_URL: service.nats.url }),
          pino({ level: 'silent' }),
        ),
      ],
    }).compile();
    await replicaB.init();
    // The rounds each runs at start are over; from here the test runs them.
    await jobOf(service.app).stop();
    await jobOf(replicaB).stop();
  });

  afterAll(async () => {
    await replicaB?.close();
    await service?.stop();
  });

  beforeEach(async () => {
    await sql(service.db.url, 'DELETE FROM password_resets');
    await sql(service.db.url, 'DELETE FROM outbound_emails');
    lines.length = 0;
  });

  it('purges used, superseded and expired links at once and keeps the live ones, each row once across replicas', async () => {
    const student = await user('student@example.com');
    const tutor = await user('tutor@example.com');
    await link(student, 'used-an-hour-ago', HOUR, -HOUR);
    await link(student, 'expired-exactly-now', 0);
    await link(student, 'expired-yesterday', -DAY);
    await link(student, 'live-for-a-millisecond', 1);
    await link(tutor, 'invitation-live', 3 * DAY);
    await link(tutor, 'invitation-used', 3 * DAY, -DAY);

    const rounds = await Promise.all([jobOf(service.app).runOnce(NOW), jobOf(replicaB).runOnce(NOW)]);

    expect(total(rounds, 'reset-links')).toBe(4);
    expect(await column('password_resets', 'token_hash')).toEqual(['invitation-live', 'live-for-a-millisecond']);
    expect(await jobOf(replicaB).runOnce(NOW)).toEqual({ 'reset-links': 0, mail: 0 });
  });

  it('prunes mail records sent or abandoned 30 days ago or more, never unsent ones, and logs counts only', async () => {
    await mail('sent-30-days-ago@example.com', -30 * DAY);
    await mail('sent-29-days-ago@example.com', -29 * DAY);
    await mail('abandoned-60-days-ago@example.com', null, -60 * DAY);
    await mail('never-sent@example.com', null);

    expect(await jobOf(service.app).runOnce(NOW)).toEqual({ 'reset-links': 0, mail: 2 });

    expect(await column('outbound_emails', 'to_address')).toEqual([
      'never-sent@example.com',
      'sent-29-days-ago@example.com',
    ]);
    expect(lines.find((line) => line.msg === 'retention round done')).toMatchObject({
      module: 'retention',
      deleted: { 'reset-links': 0, mail: 2 },
    });
    expect(JSON.stringify(lines)).not.toContain('days-ago@example.com');
  });
});

const total = (rounds: (RetentionCounts | 'locked')[], task: string) =>
  rounds.reduce((sum, round) => sum + (round === 'locked' ? 0 : (round[task] ?? 0)), 0);
