import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { AdvisoryLease, PeriodicJob } from '@medtutor/nest-kit';
import { createTestDatabase, eventually, type TestDatabase } from '@medtutor/nest-kit/testing';
import pg from 'pg';
import { pino } from 'pino';

const migrationsDir = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));
const logger = pino({ level: 'silent' });
const KEY = 4_242_000_001;

/** A promise and the function that settles it, to hold a round open while the test looks. */
const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
};

describe('AdvisoryLease', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('advisory_lease', migrationsDir);
  });

  afterAll(async () => {
    await db.drop();
  });

  it('lets one of two replicas work while the other skips the round, then frees the lock', async () => {
    const replicaA = new AdvisoryLease({ databaseUrl: db.url, key: KEY, logger });
    const replicaB = new AdvisoryLease({ databaseUrl: db.url, key: KEY, logger });
    const hold = gate();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));

    const first = replicaA.run(async () => {
      started();
      await hold.opened;
      return 'worked';
    });
    await running;
    const second = await replicaB.run(async () => 'worked too');
    hold.open();

    expect([await first, second]).toEqual(['worked', 'locked']);
    expect(await replicaB.run(async () => 'after')).toBe('after');
  });

  it('frees the lock when the work throws', async () => {
    const lease = new AdvisoryLease({ databaseUrl: db.url, key: KEY, logger });
    await expect(lease.run(() => Promise.reject(new Error('round failed')))).rejects.toThrow('round failed');
    expect(await lease.run(async () => 'free')).toBe('free');
  });

  it('skips while another session holds the key, as a replica that is mid-round would', async () => {
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [KEY]);
      expect(await new AdvisoryLease({ databaseUrl: db.url, key: KEY, logger }).run(async () => 'ran')).toBe('locked');
    } finally {
      await other.end();
    }
  });
});

describe('PeriodicJob', () => {
  it('runs rounds on its interval, never two at once, survives a failed round and waits for the last at stop', async () => {
    let rounds = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    const job = new PeriodicJob({
      name: 'test',
      intervalMs: 10,
      logger,
      round: async () => {
        rounds += 1;
        concurrent += 1;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        await new Promise((resolve) => setTimeout(resolve, 25));
        concurrent -= 1;
        if (rounds === 1) throw new Error('first round fails');
      },
    });
    job.start();
    await eventually(async () => rounds >= 3, 2_000, 'three rounds');
    await job.stop();
    const afterStop = rounds;

    expect(concurrent).toBe(0);
    expect(maxConcurrent).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rounds).toBe(afterStop);
  });

  it('runs a round at start with atStart, not waiting a whole interval', async () => {
    let rounds = 0;
    const job = new PeriodicJob({
      name: 'daily',
      intervalMs: 24 * 3_600_000,
      logger,
      atStart: true,
      round: async () => {
        rounds += 1;
      },
    });
    job.start();
    await job.stop();

    expect(rounds).toBe(1);
  });
});
