import { collectDefaultMetrics, Gauge, register } from 'prom-client';

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
 * A gauge of the default registry, made once per process: a test process boots several services,
 * and prom-client refuses a second metric of the same name. `collect` sets it when it is scraped.
 */
export function processGauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  collect?: (gauge: Gauge<L>) => void,
): Gauge<L> {
  const existing = register.getSingleMetric(name);
  if (existing) return existing as Gauge<L>;
  return new Gauge<L>({
    name,
    help,
    labelNames,
    ...(collect && {
      collect(this: Gauge<L>) {
        collect(this);
      },
    }),
  });
}
