import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@medtutor/contracts';

/** A new domain event; its id is the outbox row id, the JetStream message id and the inbox key. */
export function newEvent<T>(type: string, version: number, data: T, correlationId: string | null): EventEnvelope<T> {
  return { id: randomUUID(), type, version, occurredAt: new Date().toISOString(), correlationId, data };
}
