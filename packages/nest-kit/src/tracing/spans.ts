import type { MsgHdrs } from '@nats-io/transport-node';
import { type Context, context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_RPC_METHOD,
  ATTR_RPC_STATUS_CODE,
  ATTR_RPC_SYSTEM_NAME,
} from '@opentelemetry/semantic-conventions';
import { contextFromHeaders, traceHeaders } from './trace-context.js';
import { platformTracer } from './tracing.js';

/**
 * Messaging attributes of OpenTelemetry's semantic conventions, copied because they are still
 * incubating there (the package advises copying those rather than importing them).
 */
export const MessagingAttributes = {
  system: 'messaging.system',
  destination: 'messaging.destination.name',
  operationType: 'messaging.operation.type',
  messageId: 'messaging.message.id',
  conversationId: 'messaging.message.conversation_id',
  consumerGroup: 'messaging.consumer.group.name',
} as const;

const MSG_ID_HEADER = 'Nats-Msg-Id';

/** How a delivery ended (`ConsumeOutcome`), on its consumer span. */
export const EVENT_OUTCOME_ATTRIBUTE = 'medtutor.event.outcome';

/** Marks a consumer span with the delivery's outcome; a retry or a dead letter is an error. */
export function recordOutcome(span: Span, outcome: string): void {
  span.setAttribute(EVENT_OUTCOME_ATTRIBUTE, outcome);
  if (outcome === 'retried' || outcome === 'dead_lettered') recordFailure(span, { code: outcome, serverFault: true });
}

/** Why an operation failed: its error code, and whether the fault is the server's (a span in error). */
export interface SpanFailure {
  code: string;
  serverFault: boolean;
}

/**
 * Marks `span` failed with `failure.code` (`error.type`, and `rpc.status_code` on RPC spans). Only a
 * server fault sets the error status: a refused request (validation, not found) is a normal answer.
 * Never the exception's text, which may carry what logs redact.
 */
export function recordFailure(span: Span, failure: SpanFailure, rpc = false): void {
  span.setAttribute(ATTR_ERROR_TYPE, failure.code);
  if (rpc) span.setAttribute(ATTR_RPC_STATUS_CODE, failure.code);
  if (failure.serverFault) span.setStatus({ code: SpanStatusCode.ERROR, message: failure.code });
}

const rpcAttributes = (subject: string) => ({ [ATTR_RPC_SYSTEM_NAME]: 'nats', [ATTR_RPC_METHOD]: subject });

/**
 * A NATS request in a CLIENT span named after its subject: `request` gets the headers that carry the
 * span to the service. A failure is recorded as `classify` reads it, then thrown on.
 */
export function inRpcClientSpan<T>(
  subject: string,
  request: (headers: MsgHdrs | undefined) => Promise<T>,
  classify: (error: unknown) => SpanFailure,
): Promise<T> {
  const span = platformTracer().startSpan(subject, { kind: SpanKind.CLIENT, attributes: rpcAttributes(subject) });
  return context.with(trace.setSpan(context.active(), span), async () => {
    try {
      return await request(traceHeaders());
    } catch (error) {
      recordFailure(span, classify(error), true);
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * SERVER spans of a NATS transport's requests, continuing the caller's trace from the request's
 * headers. `run` starts one around the handling; `end` closes it when the answer has left.
 */
export class RpcServerSpans {
  private readonly open = new WeakMap<object, Span>();

  run<T>(request: object, subject: string, headers: MsgHdrs | undefined, handle: () => T): T {
    const parent = contextFromHeaders(headers);
    const span = platformTracer().startSpan(
      subject,
      { kind: SpanKind.SERVER, attributes: rpcAttributes(subject) },
      parent,
    );
    this.open.set(request, span);
    return context.with(trace.setSpan(parent, span), handle);
  }

  end(request: object): void {
    this.open.get(request)?.end();
    this.open.delete(request);
  }
}

/**
 * Runs `publish` in a PRODUCER span child of `parent` (the context stored with the event), handing it
 * the headers that carry the span to the consumers.
 */
export async function inPublishSpan<T>(
  parent: Context,
  attributes: { subject: string; messageId: string; correlationId: string | null },
  publish: (headers: MsgHdrs | undefined) => Promise<T>,
): Promise<T> {
  const span = platformTracer().startSpan(
    `send ${attributes.subject}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: {
        [MessagingAttributes.system]: 'nats',
        [MessagingAttributes.operationType]: 'send',
        [MessagingAttributes.destination]: attributes.subject,
        [MessagingAttributes.messageId]: attributes.messageId,
        ...(attributes.correlationId && { [MessagingAttributes.conversationId]: attributes.correlationId }),
      },
    },
    parent,
  );
  try {
    return await publish(traceHeaders(trace.setSpan(parent, span)));
  } catch (error) {
    recordFailure(span, { code: error instanceof Error ? error.name : 'publish_failed', serverFault: true });
    throw error;
  } finally {
    span.end();
  }
}

/**
 * Runs `process` in a CONSUMER span child of the publish span that the message's headers name, so
 * the handler's work (and its log lines) continue the trace of the request that caused the event.
 */
export function inProcessSpan<T>(
  message: { subject: string; headers: MsgHdrs | undefined; consumer: string },
  process: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = contextFromHeaders(message.headers);
  const span = platformTracer().startSpan(
    `process ${message.subject}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        [MessagingAttributes.system]: 'nats',
        [MessagingAttributes.operationType]: 'process',
        [MessagingAttributes.destination]: message.subject,
        [MessagingAttributes.consumerGroup]: message.consumer,
        // The outbox row id, which the relay sends as the JetStream message id.
        ...(message.headers?.has(MSG_ID_HEADER) && {
          [MessagingAttributes.messageId]: message.headers.get(MSG_ID_HEADER),
        }),
      },
    },
    parent,
  );
  return context.with(trace.setSpan(parent, span), async () => {
    try {
      return await process(span);
    } finally {
      span.end();
    }
  });
}
