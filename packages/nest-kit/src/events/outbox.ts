import { type EventEnvelope, eventSubject } from '@medtutor/contracts';
import { captureTraceContext } from '../tracing/trace-context.js';
import type { RawSqlExecutor } from './prisma-like.js';

/**
 * Records an event in the outbox. Call it with the transaction client that writes the state
 * change, so the event exists exactly when the change commits; the relay publishes it later. The
 * envelope keeps the trace context of the request writing it (unless it names one already), so
 * the relay's publish and the consumers' handling continue that trace.
 */
export async function writeOutbox(tx: RawSqlExecutor, envelope: EventEnvelope): Promise<void> {
  const traceContext = envelope.traceContext ?? captureTraceContext();
  await tx.$executeRawUnsafe(
    'INSERT INTO outbox_events (id, type, subject, payload) VALUES ($1::uuid, $2, $3, $4::jsonb)',
    envelope.id,
    envelope.type,
    eventSubject(envelope.type),
    JSON.stringify(traceContext ? { ...envelope, traceContext } : envelope),
  );
}
