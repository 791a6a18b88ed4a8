import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import {
  createPgPool,
  mailRetentionTask,
  type RawSqlExecutor,
  RetentionJob,
  type RetentionTask,
} from '@medtutor/nest-kit';
import { capturedLogger, createTestDatabase, sql, type TestDatabase } from '@medtutor/nest-kit/testing';
import type pg from 'pg';
import { pino } from 'pino';

const migrationsDir = fileURLToPath(new URL('./fixtures/mail-migrations', import.meta.url));
const DAY = 24 * 3_600_000;
const NOW = new Date('2027-06-01T12:00:00.000Z');
const KEY = 4_242_000_002;
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

describe('retention job and the mail outbox task', () => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let executor: RawSqlExecutor;

  /** An outbound_emails row; `sent`/`failed` are ages, null for not yet. */
  const mail = (to: string, sent: number | null, failed: number | null = null, created = 400 * DAY) =>
    sql(
      db,
      `INSERT INTO outbound_emails (id, to_address, subject, text, html, created_at, sent_at, failed_at)
       VALUES (gen_random_uuid(), $1, 'Subject', '', '', $2, $3, $4)`,
      [to, ago(created), sent === null ? null : ago(sent), failed === null ? null : ago(failed)],
    );
  const left = async () =>
    (await sql<{ to_address: string }>(db, 'SELECT to_address FROM outbound_emails ORDER BY to_address')).map(
      (row) => row.to_address,
    );
  const job = (tasks: RetentionTask[], logger = pino({ level: 'silent' }), batchSize = 2) =>
    new RetentionJob({
      service: 'test',
      databaseUrl: db.url,
      lockKey: KEY,
      intervalMs: DAY,
      logger,
      tasks,
      batchSize,
    });

  beforeAll(async () => {
    db = await createTestDatabase('retention', migrationsDir);
    pool = createPgPool({ databaseUrl: db.url, max: 4, logger: pino({ level: 'silent' }), name: 'retention-test' });
    executor = { $executeRawUnsafe: async (query, ...values) => (await pool.query(query, values)).rowCount ?? 0 };
  });

  beforeEach(async () => {
    await sql(db, 'TRUNCATE outbound_emails');
  });

  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  it('deletes sent and abandoned mail records from the period on, in batches, and keeps unsent ones of any age', async () => {
    await mail('a-sent-at-the-period@example.com', 30 * DAY);
    await mail('b-sent-just-inside@example.com', 30 * DAY - 1);
    await mail('c-abandoned-long-ago@example.com', null, 90 * DAY);
    await mail('d-abandoned-yesterday@example.com', null, DAY);
    await mail('e-unsent-a-year-old@example.com', null, null, 365 * DAY);
    for (const n of [1, 2, 3]) await mail(`f-sent-old-${n}@example.com`, 31 * DAY);

    expect(await job([mailRetentionTask(executor, 30)]).runOnce(NOW)).toEqual({ mail: 5 });

    expect(await left()).toEqual([
      'b-sent-just-inside@example.com',
      'd-abandoned-yesterday@example.com',
      'e-unsent-a-year-old@example.com',
    ]);
  });

  it('lets two replicas run at once: each row deleted once, no error, the counts add up', async () => {
    for (let n = 0; n < 9; n += 1) await mail(`old-${n}@example.com`, 40 * DAY);
    await mail('recent@example.com', DAY);

    const rounds = await Promise.all([
      job([mailRetentionTask(executor, 30)]).runOnce(NOW),
      job([mailRetentionTask(executor, 30)]).runOnce(NOW),
      job([mailRetentionTask(executor, 30)]).runOnce(NOW),
    ]);

    const deleted = rounds.reduce((sum, round) => sum + (round === 'locked' ? 0 : (round.mail ?? 0)), 0);
    expect(deleted).toBe(9);
    expect(await left()).toEqual(['recent@example.com']);
  });

  it('logs the counts only, and runs the other tasks when one fails', async () => {
    await mail('secret-person@example.com', 40 * DAY);
    const { logger, lines } = capturedLogger();
    const broken: RetentionTask = { name: 'broken', run: () => Promise.reject(new Error('relation missing')) };

    expect(await job([broken, mailRetentionTask(executor, 30)], logger).runOnce(NOW)).toEqual({ mail: 1 });

    const done = lines.find((line) => line.msg === 'retention round done');
    expect(done).toMatchObject({ module: 'retention', deleted: { mail: 1 }, failed: ['broken'] });
    expect(lines.find((line) => line.msg?.toString().startsWith('retention task failed'))).toMatchObject({
      task: 'broken',
    });
    expect(JSON.stringify(lines)).not.toContain('secret-person');
  });
});
