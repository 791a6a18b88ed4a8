import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import type { Logger } from 'pino';
import { startTracing } from '../tracing/tracing.js';

/** A finished span, whichever process recorded it, in one shape for assertions. */
export interface CollectedSpan {
  service: string;
  name: string;
  kind: 'internal' | 'server' | 'client' | 'producer' | 'consumer';
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  attributes: Record<string, unknown>;
  /** The status the span ended with: error or not. */
  error: boolean;
}

const KIND_NAMES: Record<SpanKind, CollectedSpan['kind']> = {
  [SpanKind.INTERNAL]: 'internal',
  [SpanKind.SERVER]: 'server',
  [SpanKind.CLIENT]: 'client',
  [SpanKind.PRODUCER]: 'producer',
  [SpanKind.CONSUMER]: 'consumer',
};

/** Tracing of this test process (an in-process gateway, say) into memory, every span recorded. */
export function startTestTracing(service: string, logger: Logger): { spans(): CollectedSpan[]; stop(): Promise<void> } {
  const memory = new InMemorySpanExporter();
  const tracing = startTracing({ service, logger, spanProcessors: [new SimpleSpanProcessor(memory)] });
  return {
    spans: () => memory.getFinishedSpans().map((span) => collected(service, span)),
    stop: () => tracing.shutdown(),
  };
}

function collected(service: string, span: ReadableSpan): CollectedSpan {
  return {
    service,
    name: span.name,
    kind: KIND_NAMES[span.kind],
    traceId: span.spanContext().traceId,
    spanId: span.spanContext().spanId,
    parentSpanId: span.parentSpanContext?.spanId,
    attributes: { ...span.attributes },
    error: span.status.code === SpanStatusCode.ERROR,
  };
}

/**
 * An OTLP/HTTP receiver on loopback that keeps the spans other processes export to it: point
 * them at `url` with `OTEL_EXPORTER_OTLP_PROTOCOL=http/json`.
 */
export async function startOtlpReceiver(): Promise<{ url: string; spans(): CollectedSpan[]; stop(): Promise<void> }> {
  const received: CollectedSpan[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      const body = Buffer.concat(chunks);
      const text = (req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8');
      received.push(...spansOfOtlpJson(JSON.parse(text) as OtlpJsonRequest));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans: () => [...received],
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface OtlpJsonValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpJsonAttribute {
  key: string;
  value: OtlpJsonValue;
}
interface OtlpJsonRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpJsonAttribute[] };
    scopeSpans?: Array<{
      spans?: Array<{
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: OtlpJsonAttribute[];
        status?: { code?: number };
      }>;
    }>;
  }>;
}

/** OTLP's span kinds are numbered one above the API's (0 is "unspecified" there). */
const OTLP_KIND_NAMES = ['internal', 'internal', 'server', 'client', 'producer', 'consumer'] as const;

function spansOfOtlpJson(request: OtlpJsonRequest): CollectedSpan[] {
  return (request.resourceSpans ?? []).flatMap((resourceSpans) => {
    const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name']);
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        service,
        name: span.name,
        kind: OTLP_KIND_NAMES[span.kind] ?? 'internal',
        traceId: hex(span.traceId),
        spanId: hex(span.spanId),
        parentSpanId: span.parentSpanId ? hex(span.parentSpanId) : undefined,
        attributes: attributesOf(span.attributes),
        // OTLP's status codes: 1 ok, 2 error.
        error: span.status?.code === 2,
      })),
    );
  });
}

function attributesOf(attributes: OtlpJsonAttribute[] = []): Record<string, unknown> {
  return Object.fromEntries(
    attributes.map(({ key, value }) => [
      key,
      value.stringValue ??
        (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue)),
    ]),
  );
}

/** OTLP/JSON writes ids as hex; base64 (protobuf's JSON mapping) is accepted too. */
function hex(id: string): string {
  return /^[0-9a-f]+$/i.test(id) && (id.length === 16 || id.length === 32)
    ? id.toLowerCase()
    : Buffer.from(id, 'base64').toString('hex');
}
