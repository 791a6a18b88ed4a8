import { Counter, Histogram, type Metric, register } from 'prom-client';

/** What became of one delivery of an event to a consumer. */
export type ConsumeOutcome = 'processed' | 'duplicate' | 'retried' | 'dead_lettered' | 'skipped';

/** A metric registered once per process on the default registry, however often this module is asked. */
function registered<T extends Metric>(name: string, create: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? create();
}

const consumed = registered(
  'events_consumed_total',
  () =>
    new Counter({
      name: 'events_consumed_total',
      help: 'Deliveries of domain events to a durable consumer, by outcome',
      labelNames: ['consumer', 'outcome'] as const,
    }),
);

const handling = registered(
  'events_handling_duration_seconds',
  () =>
    new Histogram({
      name: 'events_handling_duration_seconds',
      help: 'Time from a delivery reaching the consumer to its ack, nak or dead letter, by outcome',
      labelNames: ['consumer', 'outcome'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    }),
);

const redelivered = registered(
  'events_redelivered_total',
  () =>
    new Counter({
      name: 'events_redelivered_total',
      help: 'Deliveries that were not the first of their message (retries, crashes, ack timeouts)',
      labelNames: ['consumer'] as const,
    }),
);

export const EventMetrics = {
  record(consumer: string, outcome: ConsumeOutcome, seconds: number): void {
    consumed.inc({ consumer, outcome });
    handling.observe({ consumer, outcome }, seconds);
  },
  redelivery(consumer: string): void {
    redelivered.inc({ consumer });
  },
};
