import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from '@jest/globals';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { context, type Span, trace, TraceFlags } from '@opentelemetry/api';
import { pino } from 'pino';
import { traceLogFields } from '../logging/logger.js';
import { startTestTracing } from '../testing/tracing.js';
import { inRpcClientSpan, recordOutcome, RpcServerSpans } from './spans.js';
import { captureTraceContext, contextFromCarrier, contextFromHeaders, traceHeaders } from './trace-context.js';
import { platformTracer, startTracing, type Tracing } from './tracing.js';

const silent = pino({ level: 'silent' });
let stopTracing: (() => Promise<void>) | undefined;

/** Tracing into memory for one test. */
function recording() {
  const tracing = startTestTracing('test', silent);
  stopTracing = tracing.stop;
  return tracing;
}

afterEach(async () => {
  await stopTracing?.();
  stopTracing = undefined;
});

/** Runs `fn` inside a new active span. */
function inSpan<T>(fn: (span: Span) => T): T {
  return platformTracer().startActiveSpan('test', (span) => {
    try {
      return fn(span);
    } finally {
      span.end();
    }
  });
}

describe('NATS trace headers', () => {
  it('carry the active span to the next process, which continues its trace', () => {
    recording();
    inSpan((span) => {
      const headers = traceHeaders();
      const { traceId, spanId } = span.spanContext();
      expect(headers?.get('traceparent')).toBe(`00-${traceId}-${spanId}-01`);

      const remote = trace.getSpanContext(contextFromHeaders(headers));
      expect(remote).toMatchObject({ traceId, spanId, isRemote: true, traceFlags: TraceFlags.SAMPLED });
    });
  });

  it('keep the headers they are added to, and tracestate travels too', () => {
    recording();
    const incoming = natsHeaders();
    incoming.set('traceparent', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
    incoming.set('tracestate', 'vendor=opaque');
    const parent = contextFromHeaders(incoming);
    const outgoing = natsHeaders();
    outgoing.set('Replay-For-Consumer', 'someone');

    expect(traceHeaders(parent, outgoing)).toBe(outgoing);
    expect(outgoing.get('Replay-For-Consumer')).toBe('someone');
    expect(outgoing.get('traceparent')).toBe(incoming.get('traceparent'));
    expect(outgoing.get('tracestate')).toBe('vendor=opaque');
  });

  it('are left out when no span is active, and name no parent when absent or malformed', () => {
    recording();
    expect(traceHeaders()).toBeUndefined();
    expect(trace.getSpanContext(contextFromHeaders(undefined))).toBeUndefined();
    const garbage = natsHeaders();
    garbage.set('traceparent', 'not-a-trace-context');
    expect(trace.getSpanContext(contextFromHeaders(garbage))).toBeUndefined();
  });
});

describe('stored trace context (outbox rows)', () => {
  it('round-trips the active span, tracestate included', () => {
    recording();
    const parent = contextFromCarrier({
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      tracestate: 'vendor=opaque',
    });
    const stored = context.with(parent, () => inSpan(() => captureTraceContext()));
    expect(stored?.traceparent).toMatch(/^00-0af7651916cd43dd8448eb211c80319c-[0-9a-f]{16}-01$/);
    expect(stored?.tracestate).toBe('vendor=opaque');
    expect(trace.getSpanContext(contextFromCarrier(stored))?.traceId).toBe('0af7651916cd43dd8448eb211c80319c');
  });

  it('is nothing outside a span', () => {
    recording();
    expect(captureTraceContext()).toBeUndefined();
    expect(trace.getSpanContext(contextFromCarrier(undefined))).toBeUndefined();
  });
});

describe('startTracing', () => {
  let tracing: Tracing | undefined;
  afterEach(async () => {
    await tracing?.shutdown();
    tracing = undefined;
  });

  it('without an OTLP endpoint still gives spans ids to log and pass on, but records nothing', () => {
    tracing = startTracing({ service: 'test', logger: silent });
    expect(tracing.exporting).toBe(false);
    inSpan((span) => {
      expect(span.isRecording()).toBe(false);
      expect(traceHeaders()?.get('traceparent')).toBe(
        `00-${span.spanContext().traceId}-${span.spanContext().spanId}-00`,
      );
    });
  });

  it('refuses a second start in one process', () => {
    tracing = startTracing({ service: 'test', logger: silent });
    expect(() => startTracing({ service: 'test', logger: silent })).toThrow('already started');
  });
});

describe('log lines', () => {
  it('carry the trace and span id of the active span, and none outside one', () => {
    recording();
    const lines: string[] = [];
    const logger = pino(
      { mixin: traceLogFields },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString('utf8'));
          done();
        },
      }),
    );
    const ids = inSpan((span) => {
      logger.info('inside');
      return span.spanContext();
    });
    logger.info('outside');

    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'inside', trace_id: ids.traceId, span_id: ids.spanId });
    expect(JSON.parse(lines[1]!)).not.toHaveProperty('trace_id');
  });
});

describe('RPC and consumer spans', () => {
  it('continue the caller: client span, headers, server span', async () => {
    const tracing = recording();
    const server = new RpcServerSpans();
    const request = {};
    await inRpcClientSpan(
      'tutoring.check_free_trial',
      async (headers) => server.run(request, 'tutoring.check_free_trial', headers, () => server.end(request)),
      () => ({ code: 'never', serverFault: true }),
    );
    const [serverSpan, clientSpan] = tracing.spans();
    expect(clientSpan).toMatchObject({ kind: 'client', name: 'tutoring.check_free_trial', parentSpanId: undefined });
    expect(serverSpan).toMatchObject({
      kind: 'server',
      traceId: clientSpan!.traceId,
      parentSpanId: clientSpan!.spanId,
    });
    expect(serverSpan!.attributes).toMatchObject({
      'rpc.system.name': 'nats',
      'rpc.method': 'tutoring.check_free_trial',
    });
  });

  it('mark server faults as errors, and a refused request only with its code', async () => {
    const tracing = recording();
    const call = (failure: { code: string; serverFault: boolean }) =>
      inRpcClientSpan(
        'x.y',
        () => Promise.reject(new Error('no')),
        () => failure,
      ).catch(() => undefined);
    await call({ code: 'COMMON.VALIDATION_FAILED', serverFault: false });
    await call({ code: 'COMMON.SERVICE_UNAVAILABLE', serverFault: true });
    const [refused, fault] = tracing.spans();
    expect(refused).toMatchObject({ error: false, attributes: { 'rpc.status_code': 'COMMON.VALIDATION_FAILED' } });
    expect(fault).toMatchObject({ error: true, attributes: { 'error.type': 'COMMON.SERVICE_UNAVAILABLE' } });
  });

  it('record an event outcome; a retry or a dead letter is an error', () => {
    const tracing = recording();
    for (const outcome of ['processed', 'retried', 'dead_lettered']) {
      inSpan((span) => recordOutcome(span, outcome));
    }
    expect(tracing.spans().map((span) => [span.attributes['medtutor.event.outcome'], span.error])).toEqual([
      ['processed', false],
      ['retried', true],
      ['dead_lettered', true],
    ]);
  });
});
