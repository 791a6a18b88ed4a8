import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Context,
  context,
  diag,
  DiagLogLevel,
  INVALID_SPAN_CONTEXT,
  propagation,
  type Span,
  type SpanOptions,
  trace,
  type Tracer,
  type TracerProvider,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  BatchSpanProcessor,
  NodeTracerProvider,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { PrismaInstrumentation } from '@prisma/instrumentation';
import type { Logger } from 'pino';

const requireHere = createRequire(import.meta.url);

export interface TracingOptions {
  /** `service.name` of every span: the app's name (`OTEL_SERVICE_NAME` overrides it, as the standard says). */
  service: string;
  /** Where the SDK's own warnings go: a collector that refuses or cannot be reached, say. */
  logger: Logger;
  /** More span processors, recording every span even without OTLP (tests: an in-memory exporter). */
  spanProcessors?: SpanProcessor[];
}

export interface Tracing {
  /** Whether spans leave the process over OTLP. */
  readonly exporting: boolean;
  /**
   * Exports the spans still buffered, then stops (call last at shutdown). Gives up after
   * TRACE_FLUSH_TIMEOUT_MS: an unreachable collector must not hold up a process's exit.
   */
  shutdown(): Promise<void>;
}

/** The longest a shutdown waits for the last spans to leave (within the pods' grace period's slack). */
export const TRACE_FLUSH_TIMEOUT_MS = 2_000;

/** Spans of the platform's own code: HTTP entry, RPC, outbox relay, event consumers. */
export function platformTracer(): Tracer {
  return trace.getTracer('@medtutor/nest-kit');
}

let started = false;

/**
 * Starts OpenTelemetry tracing for this process: W3C trace context, async-local context, and an
 * OTLP exporter when `OTEL_EXPORTER_OTLP_ENDPOINT` (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set,
 * over `OTEL_EXPORTER_OTLP_PROTOCOL` http/protobuf (default) or http/json; the exporter reads the
 * other standard OTLP variables (headers, timeout, compression) itself. Without an exporter the
 * sampler records nothing, but every span still gets its ids and passes them on, so log lines keep
 * their trace ids at almost no cost. `OTEL_SDK_DISABLED=true` starts nothing at all. Once per process.
 */
export function startTracing(options: TracingOptions): Tracing {
  if (started) throw new Error('tracing was already started in this process');
  const env = process.env;
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') {
    return { exporting: false, shutdown: async () => {} };
  }
  const endpoint = (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT)?.trim();
  const exporting = Boolean(endpoint);
  const processors = [...(options.spanProcessors ?? [])];
  if (exporting) processors.push(new BatchSpanProcessor(otlpExporter(env)));
  const provider = new NodeTracerProvider({
    resource: defaultResource()
      .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.service }))
      .merge(detectResources({ detectors: [envDetector] })),
    spanProcessors: processors,
    // When spans go somewhere, OTEL_TRACES_SAMPLER decides (the SDK reads it; the cluster traces one
    // request in ten, infra/k8s/base/platform-config.yaml); otherwise ids only.
    ...(processors.length === 0 && { sampler: new AlwaysOffSampler() }),
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  const database = databaseSpans(provider);
  const sdkLogger = options.logger.child({ component: 'tracing' });
  diag.setLogger(
    {
      error: (message, ...args) => sdkLogger.warn({ details: args }, message),
      warn: (message, ...args) => sdkLogger.warn({ details: args }, message),
      info: () => {},
      debug: () => {},
      verbose: () => {},
    },
    DiagLogLevel.WARN,
  );
  started = true;
  return {
    exporting,
    shutdown: async () => {
      database.disable();
      await Promise.race([
        provider.shutdown().catch(() => undefined),
        sleep(TRACE_FLUSH_TIMEOUT_MS, undefined, { ref: false }),
      ]);
      trace.disable();
      context.disable();
      propagation.disable();
      diag.disable();
      started = false;
    },
  };
}

/** Prisma's spans not recorded (why: databaseSpans). */
const PRISMA_SPANS_LEFT_OUT = ['prisma:client:db_query', 'prisma:client:serialize', 'prisma:client:compile'];

/**
 * Database spans from the maintained instrumentations, only inside a trace: the relays' and jobs'
 * polling outside any request would otherwise start a trace a second.
 *
 * - Prisma's own (`@prisma/instrumentation`): a `prisma:client:operation` span per call (`model` and
 *   `method`, e.g. `Consultation.create`), `prisma:client:transaction` around a transaction (with its
 *   start and commit or rollback), `prisma:client:connect` at the first call. Not its `db_query`
 *   spans, which would repeat pg's one level up with less in them, nor its `serialize` and `compile`
 *   steps, microseconds of CPU that would triple the spans of every call.
 * - OpenTelemetry's pg instrumentation: a span per PostgreSQL query and connection checkout, below
 *   Prisma's operation (through @prisma/adapter-pg, on the pg pool of prismaPgArguments) or straight
 *   under the request's span for the kit's own SQL (outbox relay, inbox, mail relay). Each carries the
 *   statement, never its parameter values (`enhancedDatabaseReporting` off): Prisma and the kit pass
 *   every value as a parameter, so no personal data reaches a span.
 */
function databaseSpans(provider: NodeTracerProvider): { disable(): void } {
  const pg = new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false });
  pg.setTracerProvider(provider);
  // The instrumentation patches pg when it is required. This process loaded pg before tracing started
  // (the kit imports it, from ESM, which the hook does not see): one more require lets the hook patch
  // the loaded module, whose Client prototype every pool of the process shares.
  requireHere('pg');
  // Prisma's client asks a global helper, which enable() sets with the provider given before it.
  const prisma = new PrismaInstrumentation({ enabled: false, ignoreSpanTypes: PRISMA_SPANS_LEFT_OUT });
  prisma.setTracerProvider(insideTracesOnly(provider));
  prisma.enable();
  return {
    disable: () => {
      pg.disable();
      prisma.disable();
    },
  };
}

/**
 * `provider`'s tracers, starting spans only inside a trace, as pg's `requireParentSpan` does (Prisma
 * has no such option). Outside one they give a span that records nothing and leave the context
 * as it was, so what runs inside (pg's queries) is outside a trace too.
 */
function insideTracesOnly(provider: TracerProvider): TracerProvider {
  return { getTracer: (...args) => new InsideTracesTracer(provider.getTracer(...args)) };
}

const NO_SPAN = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

class InsideTracesTracer implements Tracer {
  constructor(private readonly tracer: Tracer) {}

  startSpan(name: string, options?: SpanOptions, parent: Context = context.active()): Span {
    return trace.getSpan(parent) ? this.tracer.startSpan(name, options, parent) : NO_SPAN;
  }

  startActiveSpan<F extends (span: Span) => unknown>(name: string, fn: F): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(name: string, options: SpanOptions, fn: F): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(
    name: string,
    options: SpanOptions,
    parent: Context,
    fn: F,
  ): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(
    name: string,
    ...args: [F] | [SpanOptions, F] | [SpanOptions, Context, F]
  ): ReturnType<F> {
    const fn = args[args.length - 1] as (span: Span) => ReturnType<F>;
    const options = args.length > 1 ? (args[0] as SpanOptions) : undefined;
    const parent = args.length > 2 ? (args[1] as Context) : context.active();
    if (!trace.getSpan(parent)) return context.with(parent, fn, undefined, NO_SPAN);
    const span = this.tracer.startSpan(name, options, parent);
    return context.with(trace.setSpan(parent, span), fn, undefined, span);
  }
}

/**
 * The OTLP exporter, loaded only when spans leave the process: loading the exporters costs a service's
 * start about 0.1 s of CPU (of 2), which every process without a collector (a developer's, a test's)
 * would pay for nothing.
 */
function otlpExporter(env: NodeJS.ProcessEnv) {
  const protocol = (
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ||
    env.OTEL_EXPORTER_OTLP_PROTOCOL ||
    'http/protobuf'
  ).trim();
  if (protocol === 'http/json') {
    const { OTLPTraceExporter } = requireHere(
      '@opentelemetry/exporter-trace-otlp-http',
    ) as typeof import('@opentelemetry/exporter-trace-otlp-http');
    return new OTLPTraceExporter();
  }
  if (protocol === 'http/protobuf') {
    const { OTLPTraceExporter } = requireHere(
      '@opentelemetry/exporter-trace-otlp-proto',
    ) as typeof import('@opentelemetry/exporter-trace-otlp-proto');
    return new OTLPTraceExporter();
  }
  throw new Error(`OTEL_EXPORTER_OTLP_PROTOCOL=${protocol} is not supported: use http/protobuf or http/json`);
}
