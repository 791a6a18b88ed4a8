import type pg from 'pg';
import type { Logger } from 'pino';

export interface EventPrunerOptions {
  pool: pg.Pool;
  logger: Logger;
  /**
   * Published outbox rows and inbox rows older than this go. At least the event streams' max age, so
   * an inbox row outlives every copy of its message that JetStream could still redeliver.
   */
  retentionDays: number;
  intervalMs?: number;
  /** Rows per DELETE: short transactions, no long lock on the tables a service writes. */
  batchSize?: number;
}

export interface PruneResult {
  outbox: number;
  inbox: number;
}

/**
 * Keeps the outbox and inbox bounded. Safe with replicas: each batch takes its rows with SKIP LOCKED,
 * so two replicas pruning at once delete different rows, and deleting is idempotent anyway.
 */
export class EventPruner {
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly options: EventPrunerOptions) {
    this.intervalMs = options.intervalMs ?? 60 * 60_000;
    this.batchSize = options.batchSize ?? 1_000;
  }

  start(): void {
    if (this.timer) return;
    const tick = () => {
      this.running = this.prune().catch((error: unknown) =>
        this.options.logger.error({ err: error }, 'pruning the outbox and inbox failed; next try at the next interval'),
      );
    };
    tick();
    // Never what keeps a process alive.
    this.timer = setInterval(tick, this.intervalMs).unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  async prune(): Promise<PruneResult> {
    const result = {
      outbox: await this.deleteInBatches(
        `DELETE FROM outbox_events WHERE id IN (
           SELECT id FROM outbox_events
           WHERE published_at < now() - make_interval(days => $1)
           LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      ),
      inbox: await this.deleteInBatches(
        `DELETE FROM inbox_events WHERE (consumer, event_id) IN (
           SELECT consumer, event_id FROM inbox_events
           WHERE processed_at < now() - make_interval(days => $1)
           LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      ),
    };
    if (result.outbox || result.inbox) this.options.logger.info(result, 'pruned old outbox and inbox rows');
    return result;
  }

  private async deleteInBatches(sql: string): Promise<number> {
    let total = 0;
    for (;;) {
      const { rowCount } = await this.options.pool.query(sql, [this.options.retentionDays, this.batchSize]);
      total += rowCount ?? 0;
      if ((rowCount ?? 0) < this.batchSize) return total;
    }
  }
}
