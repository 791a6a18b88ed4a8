import type { EventEnvelope } from '@medtutor/contracts';
import { headers as natsHeaders, type MsgHdrs } from '@nats-io/transport-node';
import {
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type TextMapGetter,
  type TextMapSetter,
} from '@opentelemetry/api';

/** W3C trace context as text (`traceparent`, `tracestate`): what an outbox row keeps of its request. */
export type TraceCarrier = NonNullable<EventEnvelope['traceContext']>;

const natsHeaderSetter: TextMapSetter<MsgHdrs> = {
  set: (carrier, key, value) => carrier.set(key, value),
};

const natsHeaderGetter: TextMapGetter<MsgHdrs | undefined> = {
  keys: (carrier) => carrier?.keys() ?? [],
  get: (carrier, key) => (carrier?.has(key) ? carrier.get(key) : undefined),
};

/**
 * NATS headers carrying `ctx`'s span (the active one by default) to the next process, added to
 * `headers` when given. Undefined when there is nothing to carry (tracing off, no span).
 */
export function traceHeaders(ctx: Context = context.active(), headers?: MsgHdrs): MsgHdrs | undefined {
  const carrier = headers ?? natsHeaders();
  propagation.inject(ctx, carrier, natsHeaderSetter);
  return headers || carrier.has('traceparent') ? carrier : undefined;
}

/** The remote parent a message's headers name, or the root context when they name none. */
export function contextFromHeaders(headers: MsgHdrs | undefined): Context {
  return propagation.extract(ROOT_CONTEXT, headers, natsHeaderGetter);
}

/** The active span's trace context as text, to store with work that continues later (an outbox row). */
export function captureTraceContext(ctx: Context = context.active()): TraceCarrier | undefined {
  const carrier: Partial<Record<'traceparent' | 'tracestate', string>> = {};
  propagation.inject(ctx, carrier);
  if (!carrier.traceparent) return undefined;
  return carrier.tracestate
    ? { traceparent: carrier.traceparent, tracestate: carrier.tracestate }
    : { traceparent: carrier.traceparent };
}

/** The context a stored trace context names, or the root context. */
export function contextFromCarrier(carrier: TraceCarrier | undefined): Context {
  return carrier ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT;
}
