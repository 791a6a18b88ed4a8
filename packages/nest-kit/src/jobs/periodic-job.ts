import pg from 'pg';
import type { Logger } from 'pino';
import { DATABASE_CONNECT_TIMEOUT_MS } from '../db/pg-pool.js';

/**
 * One replica at a time: a session-level advisory lock on a connection of its own, held while the
 * work runs. Replicas share the database, so the one that takes it works and the others skip that
 * round; PostgreSQL drops the lock when the session ends, so a replica that dies mid-round blocks
 * nobody. The lock only saves duplicate work: anything that must happen once still needs its own
 * conditional write (a lock can be lost with its connection while the work goes on).
 */
export class AdvisoryLease {
  constructor(
    private readonly options: {
      databaseUrl: string;
      /** The lock's key, unique per job across the service's database. */
      key: number;
      logger: Logger;
    },
  ) {}

  /** The work's result, or 'locked' when another session holds the lock. */
  async run<T>(work: () => Promise<T>): Promise<T | 'locked'> {
    const { databaseUrl, key, logger } = this.options;
    const lock = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS });
    // The lock's connection idles while the work runs on another client: if the database drops it
    // then, pg emits 'error' on it, which unheard would end the process. The work fails instead (its
    // next query throws) and the next round starts afresh.
    lock.on('error', (error) => logger.warn({ err: error }, 'advisory lock connection dropped'));
    await lock.connect();
    try {
      const { rows } = await lock.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [key]);
      if (!rows[0]?.locked) return 'locked';
      try {
        return await work();
      } finally {
        await lock.query('SELECT pg_advisory_unlock($1)', [key]);
      }
    } finally {
      await lock.end();
    }
  }
}

/**
 * Runs `round` every `intervalMs` once started (and at start with `atStart`), never two rounds of this instance at once (a round
 * still running when the next is due makes that one skip). A failed round is logged; the next one
 * tries again. `stop()` waits for the round in hand, so call it before the database closes.
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly options: {
      /** Names the job in its log lines. */
      name: string;
      intervalMs: number;
      logger: Logger;
      round: () => Promise<unknown>;
      /**
       * Also runs a round at start: for long intervals (a day), which a replica restarted more often
       * than that would otherwise never reach.
       */
      atStart?: boolean;
    },
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.options.intervalMs);
    if (this.options.atStart) this.tick();
    // A pending round must not keep a process alive that is otherwise done.
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.options
      .round()
      .catch((error: unknown) => this.options.logger.error({ err: error, job: this.options.name }, 'job round failed'))
      .finally(() => (this.running = null));
  }
}
