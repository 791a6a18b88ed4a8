import {
  collectDefaultMetrics,
  Counter,
  type CounterConfiguration,
  Gauge,
  Histogram,
  type HistogramConfiguration,
  type Metric,
  register,
} from 'prom-client';

/**
 * Every metric family the platform registers besides prom-client's Node runtime ones (`nodejs_*`,
 * `process_*`), with its Prometheus type and labels. The single list the metrics are made from, the
 * Grafana dashboard and the alert rules in infra/observability are checked against, and the scrape
 * test expects on a running gateway and service. Every label takes a bounded set of values.
 */
export const MetricNames = {
  /** Gateway: every HTTP answer by method, route template and status code. */
  httpRequestDuration: {
    name: 'http_request_duration_seconds',
    type: 'histogram',
    labels: ['method', 'route', 'status'],
  },
  /** Gateway: NATS requests to the services by subject and outcome. */
  rpcClientDuration: { name: 'rpc_client_duration_seconds', type: 'histogram', labels: ['subject', 'outcome'] },
  /** Gateway: payment-provider webhooks that were not accepted, by provider and error code. */
  webhookFailures: { name: 'webhook_failures_total', type: 'counter', labels: ['provider', 'reason'] },
  /** Services: requests handled by subject and outcome. */
  rpcServerDuration: { name: 'rpc_server_duration_seconds', type: 'histogram', labels: ['subject', 'outcome'] },
  eventsConsumed: { name: 'events_consumed_total', type: 'counter', labels: ['consumer', 'outcome'] },
  eventsHandlingDuration: {
    name: 'events_handling_duration_seconds',
    type: 'histogram',
    labels: ['consumer', 'outcome'],
  },
  eventsRedelivered: { name: 'events_redelivered_total', type: 'counter', labels: ['consumer'] },
  /** Services: a durable consumer's messages not yet delivered (its lag), sampled at scrape. */
  consumerPending: { name: 'events_consumer_pending_messages', type: 'gauge', labels: ['stream', 'consumer'] },
  /** Services: a durable consumer's messages delivered and not yet acknowledged, sampled at scrape. */
  consumerAckPending: {
    name: 'events_consumer_ack_pending_messages',
    type: 'gauge',
    labels: ['stream', 'consumer'],
  },
  /** Services: messages in DEAD_LETTERS for each of the process's consumers (by its stream), sampled at scrape. */
  deadLetters: { name: 'events_dead_letters', type: 'gauge', labels: ['stream', 'consumer'] },
  /** Services: outbox rows not yet published, and the age of the oldest, sampled at scrape. */
  outboxUnpublished: { name: 'outbox_unpublished_events', type: 'gauge', labels: ['service'] },
  outboxOldestAge: { name: 'outbox_oldest_unpublished_age_seconds', type: 'gauge', labels: ['service'] },
  /** Services: the pg pools (prisma, relays) by state: total open, idle, waiting for one. */
  pgPoolConnections: { name: 'pg_pool_connections', type: 'gauge', labels: ['pool', 'state'] },
  natsConnected: { name: 'nats_connected', type: 'gauge', labels: ['service', 'connection'] },
  /** Services: rows each retention task deleted, and the tasks that failed (docs/privacy.md). */
  retentionDeletedRows: { name: 'retention_deleted_rows_total', type: 'counter', labels: ['service', 'task'] },
  retentionTaskFailures: { name: 'retention_task_failures_total', type: 'counter', labels: ['service', 'task'] },
} as const satisfies Record<
  string,
  { name: string; type: 'counter' | 'gauge' | 'histogram'; labels: readonly string[] }
>;

let defaultMetricsStarted = false;

/**
 * Starts prom-client's Node runtime metrics (event loop lag, heap, GC, handles) on the default
 * registry, once per process: `/metrics` on the probe port serves that registry, where the other
 * parts of the platform register their own counters.
 */
export function startDefaultMetrics(): void {
  if (defaultMetricsStarted) return;
  defaultMetricsStarted = true;
  collectDefaultMetrics();
}

/** The default registry in Prometheus' text format, with its content type. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: register.contentType, body: await register.metrics() };
}

/**
 * A metric of the default registry, made once per process: a test process boots several services
 * (or gateways), and prom-client refuses a second metric of the same name.
 */
function processMetric<T extends Metric>(name: string, create: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? create();
}

export function processCounter<L extends string>(config: CounterConfiguration<L>): Counter<L> {
  return processMetric(config.name, () => new Counter(config));
}

export function processHistogram<L extends string>(config: HistogramConfiguration<L>): Histogram<L> {
  return processMetric(config.name, () => new Histogram(config));
}

/**
 * A gauge of the default registry, made once per process. `collect` sets it when it is scraped; it
 * may be async (a query), which the scrape waits for.
 */
export function processGauge<L extends string>(
  metric: { name: string; labels: readonly L[] },
  help: string,
  collect?: (gauge: Gauge<L>) => void | Promise<void>,
): Gauge<L> {
  return processMetric(
    metric.name,
    () =>
      new Gauge<L>({
        name: metric.name,
        help,
        labelNames: metric.labels,
        ...(collect && {
          collect(this: Gauge<L>) {
            return collect(this);
          },
        }),
      }),
  );
}

/** Duration buckets for answers the caller waits for: 5 ms up to the 15 s of the payment-provider routes. */
export const REQUEST_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20];

/**
 * What became of a request over NATS, by the HTTP status its answer maps to: answered, refused by
 * the service's rules (4xx: validation, not found, conflict), unavailable (503: a timeout, no
 * responder, a dependency down), or failed (any other 5xx).
 */
export type RpcOutcome = 'ok' | 'rejected' | 'unavailable' | 'error';

export function rpcOutcomeOfStatus(status: number): RpcOutcome {
  if (status < 400) return 'ok';
  if (status < 500) return 'rejected';
  return status === 503 ? 'unavailable' : 'error';
}
