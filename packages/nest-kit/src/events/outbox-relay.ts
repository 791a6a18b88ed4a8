import { EventEnvelopeSchema } from '@medtutor/contracts';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type pg from 'pg';
import type { Logger } from 'pino';
import { inPublishSpan } from '../tracing/spans.js';
import { PROVISION_COMMAND } from './provision.js';
import { RelayLoop } from './relay-loop.js';
import { contextFromCarrier } from '../tracing/trace-context.js';

export interface OutboxRelayOptions {
  pool: pg.Pool;
  nc: NatsConnection;
  logger: Logger;
  /** How often to look for rows nobody nudged about (another replica's writes, retries). */
  pollIntervalMs?: number;
  batchSize?: number;
  /** Backoff after a failed publish doubles from the poll interval up to this. */
  maxBackoffMs?: number;
  publishTimeoutMs?: number;
  /** At stop, how long the relay keeps publishing what is left before the connection drains. */
  flushTimeoutMs?: number;
}

interface OutboxRow {
  id: string;
  subject: string;
  payload: unknown;
}

/**
 * Publishes outbox rows to JetStream. Rows are claimed oldest first with FOR UPDATE SKIP LOCKED,
 * so replicas share the work without publishing a row twice at the same time; a row is marked
 * published in the claiming transaction. If the process dies between publish and commit, the row
 * is published again with the same message id, which JetStream drops within its duplicate
 * window (and the consumers' inbox beyond it).
 */
export class OutboxRelay {
  private readonly js: JetStreamClient;
  private readonly batchSize: number;
  private readonly publishTimeoutMs: number;
  private readonly flushTimeoutMs: number;
  private readonly loop: RelayLoop;

  constructor(private readonly options: OutboxRelayOptions) {
    this.js = jetstream(options.nc);
    this.batchSize = options.batchSize ?? 100;
    this.publishTimeoutMs = options.publishTimeoutMs ?? 5_000;
    this.flushTimeoutMs = options.flushTimeoutMs ?? 5_000;
    this.loop = new RelayLoop({
      pass: async () => {
        const { published, complete } = await this.publishBatch();
        return { handled: published, complete };
      },
      pollIntervalMs: options.pollIntervalMs ?? 250,
      batchSize: this.batchSize,
      maxBackoffMs: options.maxBackoffMs ?? 30_000,
      logger: options.logger,
      failureMessage: 'outbox relay pass failed',
    });
  }

  start(): void {
    if (this.loop.active) return;
    this.loop.start();
    void this.publishOnReconnect();
  }

  /**
   * Stops polling, then publishes the rows still waiting (for up to `flushTimeoutMs`), so events
   * written just before a shutdown leave now rather than at the next start; what is left then stays
   * for the next start or another replica.
   */
  async stop(): Promise<void> {
    await this.loop.stop();
    const deadline = Date.now() + this.flushTimeoutMs;
    while (Date.now() < deadline) {
      const outcome = await this.publishBatch().catch((error: unknown) => {
        this.options.logger.warn({ err: error }, 'outbox flush at shutdown failed');
        return undefined;
      });
      if (!outcome?.complete || outcome.published < this.batchSize) return;
    }
  }

  /**
   * After a broker outage the backoff may be at its longest (30 s): the connection coming back ends
   * it, so what piled up in the outbox leaves at once.
   */
  private async publishOnReconnect(): Promise<void> {
    for await (const status of this.options.nc.status()) {
      if (!this.loop.active) return;
      if (status.type === 'reconnect') this.loop.retryNow();
    }
  }

  /** Publishes now rather than at the next poll; call after committing an outbox row. */
  nudge(): void {
    this.loop.wake();
  }

  /**
   * One pass: publishes claimed rows in order and stops at the first failure, so events leave in
   * the order they were committed and a broken connection is not hammered row by row.
   */
  async publishBatch(): Promise<{ published: number; complete: boolean }> {
    const client = await this.options.pool.connect();
    let released = false;
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<OutboxRow>(
        `SELECT id, subject, payload FROM outbox_events
         WHERE published_at IS NULL
         ORDER BY created_at, id
         LIMIT $1
         FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      );
      const published: string[] = [];
      let failure: { row: OutboxRow; error: unknown } | undefined;
      for (const row of rows) {
        try {
          const { parent, correlationId } = originOf(row.payload);
          await inPublishSpan(parent, { subject: row.subject, messageId: row.id, correlationId }, (headers) =>
            this.js.publish(row.subject, JSON.stringify(row.payload), {
              msgID: row.id,
              timeout: this.publishTimeoutMs,
              headers,
            }),
          );
          published.push(row.id);
        } catch (error) {
          failure = { row, error };
          break;
        }
      }
      if (published.length) {
        await client.query('UPDATE outbox_events SET published_at = now() WHERE id = ANY($1::uuid[])', [published]);
      }
      if (failure) {
        const message = failure.error instanceof Error ? failure.error.message : String(failure.error);
        await client.query('UPDATE outbox_events SET attempts = attempts + 1, last_error = $2 WHERE id = $1', [
          failure.row.id,
          message,
        ]);
        this.options.logger.warn(
          { eventId: failure.row.id, subject: failure.row.subject, err: failure.error },
          // No stream answers for the subject: the client calls that "JetStream not enabled".
          failure.error instanceof Error && failure.error.name === 'JetStreamNotEnabled'
            ? `outbox publish failed: no stream for the subject (has \`${PROVISION_COMMAND}\` run?); will retry`
            : 'outbox publish failed; will retry',
        );
      }
      await client.query('COMMIT');
      return { published: published.length, complete: !failure };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release(error as Error);
      released = true;
      throw error;
    } finally {
      if (!released) client.release();
    }
  }
}

/**
 * The trace and correlation id of the request that wrote the row, read defensively: whatever the
 * stored envelope holds, the publish goes ahead (in a trace of its own if need be).
 */
function originOf(payload: unknown) {
  const stored = (payload ?? {}) as { traceContext?: unknown; correlationId?: unknown };
  return {
    parent: contextFromCarrier(EventEnvelopeSchema.shape.traceContext.parse(stored.traceContext)),
    correlationId: typeof stored.correlationId === 'string' ? stored.correlationId : null,
  };
}
