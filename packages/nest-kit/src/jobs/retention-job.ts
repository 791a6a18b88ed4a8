import type { Logger } from 'pino';
import { z } from 'zod';
import { MetricNames, processCounter } from '../metrics/metrics.js';
import { AdvisoryLease, PeriodicJob } from './periodic-job.js';

export const RetentionDefaults = {
  /** A round a day, and one at each start (a replica may restart more often than daily). */
  intervalMs: 24 * 3_600_000,
  mailDays: 30,
  /** Rows per DELETE: short statements, so a large backlog never holds a long lock on a table in use. */
  batchSize: 500,
} as const;

/** The retention settings of every service with a retention job (docs/privacy.md). */
export const retentionEnvShape = {
  /**
   * Milliseconds between a replica's retention rounds (one replica at a time runs one, under an
   * advisory lock; each replica also tries one at start). Default a day.
   */
  RETENTION_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .max(7 * 24 * 3_600_000)
    .default(RetentionDefaults.intervalMs),
  /**
   * Days the record of a sent or abandoned email (recipient, subject, times; the body is cleared when
   * it is sent) stays in the service's database. Emails not yet sent stay until they are.
   */
  RETENTION_MAIL_DAYS: z.coerce.number().int().min(1).max(3650).default(RetentionDefaults.mailDays),
};

/** The parsed settings, for a service config's transform. */
export const retentionConfig = (env: { RETENTION_INTERVAL_MS: number; RETENTION_MAIL_DAYS: number }) => ({
  intervalMs: env.RETENTION_INTERVAL_MS,
  mailDays: env.RETENTION_MAIL_DAYS,
});
export type RetentionConfig = ReturnType<typeof retentionConfig>;

/** One kind of row a service deletes when its period is over. */
export interface RetentionTask {
  /** Names its count in the log line and the metric: a fixed word, never data. */
  name: string;
  /** Deletes what is due at `now`, `batchSize` rows a statement; how many rows went. */
  run(now: Date, batchSize: number): Promise<number>;
}

/** Rows deleted by each task that succeeded in a round. */
export type RetentionCounts = Record<string, number>;

/**
 * Calls `deleteBatch` (one DELETE of at most `batchSize` rows, each in its own short transaction)
 * until a batch comes back short; the total deleted.
 */
export async function deleteInBatches(deleteBatch: () => PromiseLike<number>, batchSize: number): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < batchSize) return total;
  }
}

/**
 * Runs a service's retention tasks on an interval, one replica at a time (`AdvisoryLease`). The lease
 * only saves duplicate work: each task's deletes are safe to run twice at once (a row is deleted once,
 * a second DELETE finds nothing). A failed task is logged and counted and the others still run; the
 * next round tries it again. Logs and metrics carry counts only, never a deleted row's data.
 */
export class RetentionJob {
  private readonly lease: AdvisoryLease;
  private readonly job: PeriodicJob;
  private readonly logger: Logger;
  // Declared with the job, so a scrape shows them before the first row goes.
  private readonly deletedRows = deletedRowsCounter();
  private readonly taskFailures = taskFailuresCounter();

  constructor(
    private readonly options: {
      service: string;
      databaseUrl: string;
      /** The advisory lock's key, unique across the service's jobs. */
      lockKey: number;
      intervalMs: number;
      logger: Logger;
      tasks: readonly RetentionTask[];
      batchSize?: number;
    },
  ) {
    this.logger = options.logger.child({ module: 'retention' });
    this.lease = new AdvisoryLease({ databaseUrl: options.databaseUrl, key: options.lockKey, logger: this.logger });
    this.job = new PeriodicJob({
      name: 'retention',
      intervalMs: options.intervalMs,
      logger: this.logger,
      round: () => this.runOnce(),
      atStart: true,
    });
  }

  start(): void {
    this.job.start();
  }

  /** Waits for a round in hand: call it before the database closes. */
  stop(): Promise<void> {
    return this.job.stop();
  }

  /**
   * One round, deleting what is due at `at` (the system's time; tests give theirs): rows deleted per
   * task, or 'locked' when another replica is running one.
   */
  runOnce(at = new Date()): Promise<RetentionCounts | 'locked'> {
    return this.lease.run(() => this.runTasks(at));
  }

  private async runTasks(at: Date): Promise<RetentionCounts> {
    const { service, tasks, batchSize = RetentionDefaults.batchSize } = this.options;
    const deleted: RetentionCounts = {};
    const failed: string[] = [];
    for (const task of tasks) {
      try {
        deleted[task.name] = await task.run(at, batchSize);
        this.deletedRows.inc({ service, task: task.name }, deleted[task.name]);
      } catch (error) {
        failed.push(task.name);
        this.taskFailures.inc({ service, task: task.name });
        this.logger.error({ err: error, task: task.name }, 'retention task failed; the next round tries again');
      }
    }
    this.logger.info({ deleted, ...(failed.length && { failed }) }, 'retention round done');
    return deleted;
  }
}

const deletedRowsCounter = () =>
  processCounter({
    name: MetricNames.retentionDeletedRows.name,
    help: 'Rows the retention job deleted, by service and task (docs/privacy.md).',
    labelNames: MetricNames.retentionDeletedRows.labels,
  });

const taskFailuresCounter = () =>
  processCounter({
    name: MetricNames.retentionTaskFailures.name,
    help: 'Retention tasks that failed, by service and task; the next round tries again.',
    labelNames: MetricNames.retentionTaskFailures.labels,
  });
