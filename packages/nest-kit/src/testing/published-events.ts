import { randomUUID } from 'node:crypto';
import { eventSubject } from '@medtutor/contracts';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { newEvent } from '../events/event-envelope.js';
import { eventually } from './eventually.js';
import { sql } from './infra.js';

/**
 * Publishes an event as a producer's relay would, but without a message id, so publishing an id
 * again reaches the consumer twice (a redelivery). Answers the event id.
 */
export async function publishTestEvent(
  nc: NatsConnection,
  type: string,
  data: unknown,
  id: string = randomUUID(),
): Promise<string> {
  const envelope = { ...newEvent(type, 1, data, 'test'), id };
  await jetstream(nc).publish(eventSubject(type), JSON.stringify(envelope));
  return id;
}

/** Whether `consumer` has committed its effect of the event (its inbox row). */
export async function handledBy(databaseUrl: string, consumer: string, eventId: string): Promise<boolean> {
  const rows = await sql(databaseUrl, 'SELECT 1 FROM inbox_events WHERE consumer = $1 AND event_id = $2', [
    consumer,
    eventId,
  ]);
  return rows.length > 0;
}

/** Publishes the event and waits until `consumer` has handled it. */
export async function publishAndAwait(
  nc: NatsConnection,
  databaseUrl: string,
  consumer: string,
  type: string,
  data: unknown,
  id?: string,
): Promise<string> {
  const eventId = await publishTestEvent(nc, type, data, id);
  await eventually(() => handledBy(databaseUrl, consumer, eventId), 10_000, `${consumer} handling ${eventId}`);
  return eventId;
}
