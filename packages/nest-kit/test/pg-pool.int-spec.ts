import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { createPgPool, isTransientError } from '@medtutor/nest-kit';
import { createTestDatabase, eventually, type TestDatabase } from '@medtutor/nest-kit/testing';
import pg from 'pg';
import { pino } from 'pino';

const migrationsDir = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));

/**
 * The database drops the pool's connections (`pg_terminate_backend`, as a restart or failover does):
 * an unheard `error` event would end this Jest process, so surviving is the first assertion.
 */
describe('createPgPool when the database drops its connections', () => {
  let db: TestDatabase;
  let admin: pg.Client;

  beforeAll(async () => {
    db = await createTestDatabase('pg_pool', migrationsDir);
    admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
  });

  afterAll(async () => {
    await admin.end();
    await db.drop();
  });

  const terminate = async (pid: number) => {
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
  };
  const pidOf = async (client: pg.PoolClient) =>
    (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;

  it('survives a connection dropped while checked out: its next query fails as transient, the pool serves on', async () => {
    const pool = createPgPool({ databaseUrl: db.url, max: 2, logger: pino({ level: 'silent' }), name: 'test' });
    try {
      const held = await pool.connect();
      await held.query('BEGIN');
      await terminate(await pidOf(held));
      await new Promise((resolve) => setTimeout(resolve, 200));

      const failure = await held.query('SELECT 1').catch((error: unknown) => error);
      expect(isTransientError(failure)).toBe(true);
      held.release(failure as Error);
      expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it('survives an idle connection dropped, and opens a new one for the next query', async () => {
    const pool = createPgPool({ databaseUrl: db.url, max: 1, logger: pino({ level: 'silent' }), name: 'test' });
    try {
      const client = await pool.connect();
      const pid = await pidOf(client);
      client.release();
      await terminate(pid);
      await eventually(async () => pool.idleCount === 0, 2_000, 'the dropped connection discarded');

      const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      expect(rows[0]!.pid).not.toBe(pid);
    } finally {
      await pool.end();
    }
  });
});
