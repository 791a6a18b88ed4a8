import { DeadLetterStream, deadLetterSubject } from '@medtutor/contracts';
import { type JetStreamManager, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type pg from 'pg';
import { MetricNames, processCounter, processGauge, processHistogram } from '../metrics/metrics.js';

/** What became of one delivery of an event to a consumer. */
export type ConsumeOutcome = 'processed' | 'duplicate' | 'retried' | 'dead_lettered' | 'skipped';

/**
 * How long a scrape waits for one JetStream or database answer: well inside Prometheus' scrape
 * timeout, so a broker or database outage drops those series instead of failing the whole scrape.
 */
const SAMPLE_TIMEOUT_MS = 2_000;

const consumed = processCounter({
  name: MetricNames.eventsConsumed.name,
  help: 'Deliveries of domain events to a durable consumer, by outcome',
  labelNames: MetricNames.eventsConsumed.labels,
});

const handling = processHistogram({
  name: MetricNames.eventsHandlingDuration.name,
  help: 'Time from a delivery reaching the consumer to its ack, nak or dead letter, by outcome',
  labelNames: MetricNames.eventsHandlingDuration.labels,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
});

const redelivered = processCounter({
  name: MetricNames.eventsRedelivered.name,
  help: 'Deliveries that were not the first of their message (retries, crashes, ack timeouts)',
  labelNames: MetricNames.eventsRedelivered.labels,
});

export const EventMetrics = {
  record(consumer: string, outcome: ConsumeOutcome, seconds: number): void {
    consumed.inc({ consumer, outcome });
    handling.observe({ consumer, outcome }, seconds);
  },
  redelivery(consumer: string): void {
    redelivered.inc({ consumer });
  },
};

interface WatchedConsumer {
  stream: string;
  durable: string;
  jsm: Promise<JetStreamManager>;
}

interface ConsumerSample {
  consumer: WatchedConsumer;
  pending?: number;
  ackPending?: number;
  deadLetters?: number;
}

/** The durable consumers running in this process, sampled at each scrape. */
const watchedConsumers = new Set<WatchedConsumer>();
let sampling: Promise<ConsumerSample[]> | undefined;

/**
 * Asks JetStream about every watched consumer once per scrape: the three gauges' collectors run
 * side by side and share the answers. A question that fails (broker down, no permission) leaves that
 * series out of the scrape rather than showing a stale number.
 */
function sampleConsumers(): Promise<ConsumerSample[]> {
  sampling ??= Promise.all(
    [...watchedConsumers].map(async (consumer): Promise<ConsumerSample> => {
      const [info, letters] = await Promise.allSettled([
        consumer.jsm.then((jsm) => jsm.consumers.info(consumer.stream, consumer.durable)),
        consumer.jsm.then((jsm) =>
          jsm.streams.info(DeadLetterStream.name, { subjects_filter: deadLetterSubject(consumer.durable) }),
        ),
      ]);
      return {
        consumer,
        ...(info.status === 'fulfilled' && {
          pending: info.value.num_pending,
          ackPending: info.value.num_ack_pending,
        }),
        ...(letters.status === 'fulfilled' && {
          deadLetters: letters.value.state.subjects?.[deadLetterSubject(consumer.durable)] ?? 0,
        }),
      };
    }),
  ).finally(() => {
    sampling = undefined;
  });
  return sampling;
}

function consumerGauge(
  metric: { name: string; labels: readonly ('stream' | 'consumer')[] },
  help: string,
  value: (sample: ConsumerSample) => number | undefined,
): void {
  processGauge(metric, help, async (gauge) => {
    const samples = await sampleConsumers();
    gauge.reset();
    for (const sample of samples) {
      const measured = value(sample);
      if (measured !== undefined)
        gauge.set({ stream: sample.consumer.stream, consumer: sample.consumer.durable }, measured);
    }
  });
}

/**
 * Exports the lag of a durable consumer (messages not yet delivered to it, and delivered but not
 * acknowledged) and its dead letters (messages in DEAD_LETTERS under `deadletter.<durable>`), read
 * from JetStream at each scrape, until the returned function is called. Every replica of a service
 * reports the same numbers: dashboards and alerts take the max per consumer.
 */
export function watchConsumer(nc: NatsConnection, stream: string, durable: string): () => void {
  consumerGauge(
    MetricNames.consumerPending,
    "Messages of the stream matching a durable consumer's filter not yet delivered to it (its lag)",
    (sample) => sample.pending,
  );
  consumerGauge(
    MetricNames.consumerAckPending,
    'Messages delivered to a durable consumer and not yet acknowledged',
    (sample) => sample.ackPending,
  );
  consumerGauge(
    MetricNames.deadLetters,
    'Messages in DEAD_LETTERS for a durable consumer (deadletter.<consumer>): events it gave up on, waiting for an operator',
    (sample) => sample.deadLetters,
  );
  // The consumer's own connection and permissions; no $JS.API.INFO round trip at creation.
  const watched: WatchedConsumer = {
    stream,
    durable,
    jsm: jetstreamManager(nc, { checkAPI: false, timeout: SAMPLE_TIMEOUT_MS }),
  };
  watchedConsumers.add(watched);
  return () => watchedConsumers.delete(watched);
}

/** The outbox tables of this process by service, sampled at each scrape. */
const watchedOutboxes = new Map<pg.Pool, string>();

interface OutboxSample {
  service: string;
  unpublished: number;
  oldestAgeSeconds: number;
}

/** The backlog query: served by the (published_at, created_at) index; pg's own per-query timeout. */
const OUTBOX_BACKLOG: pg.QueryConfig & { query_timeout: number } = {
  text: `SELECT count(*)::int AS unpublished,
           COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS oldest
         FROM outbox_events WHERE published_at IS NULL`,
  query_timeout: SAMPLE_TIMEOUT_MS,
};

let outboxSampling: Promise<OutboxSample[]> | undefined;

/** Like `sampleConsumers`: one query per outbox and scrape; a database that fails leaves its series out. */
function sampleOutboxes(): Promise<OutboxSample[]> {
  outboxSampling ??= Promise.all(
    [...watchedOutboxes].map(async ([pool, service]): Promise<OutboxSample[]> => {
      if (pool.ended) {
        watchedOutboxes.delete(pool);
        return [];
      }
      const { rows } = await pool
        .query<{ unpublished: number; oldest: number }>(OUTBOX_BACKLOG)
        .catch(() => ({ rows: [] }));
      return rows.map((row) => ({ service, unpublished: row.unpublished, oldestAgeSeconds: row.oldest }));
    }),
  )
    .then((samples) => samples.flat())
    .finally(() => {
      outboxSampling = undefined;
    });
  return outboxSampling;
}

function outboxGauge(
  metric: { name: string; labels: readonly 'service'[] },
  help: string,
  value: (sample: OutboxSample) => number,
): void {
  processGauge(metric, help, async (gauge) => {
    const samples = await sampleOutboxes();
    gauge.reset();
    for (const sample of samples) gauge.set({ service: sample.service }, value(sample));
  });
}

/**
 * Exports the backlog of a service's outbox (`outbox_events` rows not yet published, and how long
 * the oldest has waited), read from its database at each scrape through `pool`, until the pool ends.
 */
export function watchOutbox(pool: pg.Pool, service: string): void {
  outboxGauge(
    MetricNames.outboxUnpublished,
    'Outbox rows not yet published to JetStream',
    (sample) => sample.unpublished,
  );
  outboxGauge(
    MetricNames.outboxOldestAge,
    'Seconds the oldest unpublished outbox row has waited (0 when none waits)',
    (sample) => sample.oldestAgeSeconds,
  );
  watchedOutboxes.set(pool, service);
}
