import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isTransientError } from '@medtutor/nest-kit';
import { testNatsUrl, testPostgresAdminUrl } from '@medtutor/nest-kit/testing';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';

/** The errors real PostgreSQL, pg and NATS raise, sorted into "retry later" and "this is wrong". */
describe('isTransientError on real failures', () => {
  let adminUrl: string;
  let pool: pg.Pool;
  let nc: NatsConnection;

  beforeAll(async () => {
    adminUrl = await testPostgresAdminUrl();
    pool = new pg.Pool({ connectionString: adminUrl, max: 3 });
    nc = await connect({ servers: await testNatsUrl() });
  });

  afterAll(async () => {
    await pool.end();
    await nc.close();
  });

  const failureOf = (work: () => Promise<unknown>): Promise<unknown> =>
    work().then(
      () => {
        throw new Error('expected a failure');
      },
      (error: unknown) => error,
    );

  it('a refused connection and a connection timeout are transient', async () => {
    const refused = new URL(adminUrl);
    refused.port = '1';
    const client = new pg.Client({ connectionString: refused.toString() });
    expect(isTransientError(await failureOf(() => client.connect()))).toBe(true);

    // A non-routable address: the connect times out instead of being refused.
    const blackhole = new pg.Client({
      connectionString: 'postgresql://x@10.255.255.1:5432/x',
      connectionTimeoutMillis: 300,
    });
    expect(isTransientError(await failureOf(() => blackhole.connect()))).toBe(true);
  });

  it('a connection the server terminates is transient', async () => {
    const victim = await pool.connect();
    victim.on('error', () => undefined);
    const { rows } = await victim.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const running = failureOf(() => victim.query('SELECT pg_sleep(5)'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await pool.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
    const error = await running;
    victim.release(true);
    expect((error as { code?: string }).code).toBe('57P01');
    expect(isTransientError(error)).toBe(true);
  });

  it('a serialization failure is transient; bad SQL and broken constraints are not', async () => {
    const serialization = await failureOf(() =>
      pool.query(`DO $$ BEGIN RAISE EXCEPTION 'conflict' USING ERRCODE = 'serialization_failure'; END $$`),
    );
    expect(isTransientError(serialization)).toBe(true);
    expect(isTransientError(await failureOf(() => pool.query('SELECT 1/0')))).toBe(false);
    expect(isTransientError(await failureOf(() => pool.query('SELECT * FROM no_such_table_here')))).toBe(false);
    const unique = await failureOf(() =>
      pool.query('CREATE TEMP TABLE t (id int PRIMARY KEY); INSERT INTO t VALUES (1), (1)'),
    );
    expect(isTransientError(unique)).toBe(false);
  });

  it('NATS no responders and timeouts are transient', async () => {
    expect(isTransientError(await failureOf(() => nc.request('nobody.listens.here', '', { timeout: 500 })))).toBe(true);
    nc.subscribe('slow.listener.here', { callback: () => undefined });
    expect(isTransientError(await failureOf(() => nc.request('slow.listener.here', '', { timeout: 200 })))).toBe(true);
  });

  it('a wrapped cause counts; plain bugs do not', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(isTransientError(new Error('credit failed', { cause: refused }))).toBe(true);
    expect(isTransientError(new TypeError('cannot read properties of undefined'))).toBe(false);
    expect(isTransientError('text')).toBe(false);
    expect(isTransientError(undefined)).toBe(false);
  });
});
