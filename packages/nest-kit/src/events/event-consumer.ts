import { deadLetterSubject, type EventEnvelope, EventEnvelopeSchema } from '@medtutor/contracts';
import {
  AckPolicy,
  type ConsumerConfig,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  jetstream,
  jetstreamManager,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { headers, nanos, type NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';

export interface EventConsumerOptions {
  nc: NatsConnection;
  stream: string;
  /** Durable consumer name, shared by the service's replicas so they split the work. */
  durable: string;
  /** One subject on nats-server 2.9; several need 2.10 or later. */
  filterSubjects: string[];
  /** Throwing means "try again later"; the last allowed attempt sends the event to the dead letters. */
  handle: (envelope: EventEnvelope) => Promise<unknown>;
  logger: Logger;
  /** Attempts before the event is dead-lettered. */
  maxDeliver?: number;
  /** How long a delivery may stay unacknowledged before JetStream redelivers it. */
  ackWaitMs?: number;
  /** First retry delay; it doubles with each failed attempt, up to a minute. */
  retryDelayMs?: number;
  /** Messages fetched ahead of processing (handled one at a time, in order). */
  prefetch?: number;
}

export interface EventConsumerHandle {
  /** Finishes the message in hand; messages fetched but not handled are redelivered after ackWait. */
  stop(): Promise<void>;
}

/** Headers on a dead letter, next to the original payload and headers. */
export const DeadLetterHeaders = {
  reason: 'Dead-Letter-Reason',
  error: 'Dead-Letter-Error',
  stream: 'Dead-Letter-Stream',
  subject: 'Dead-Letter-Subject',
  consumer: 'Dead-Letter-Consumer',
  streamSequence: 'Dead-Letter-Stream-Sequence',
  deliveries: 'Dead-Letter-Deliveries',
} as const;

const MAX_RETRY_DELAY_MS = 60_000;

/**
 * Consumes domain events from a durable pull consumer with explicit acks. A handler success acks;
 * a failure naks with a growing delay; after `maxDeliver` attempts (or at once, for a message that
 * is not a valid envelope) the original message goes to `deadletter.<durable>` and is terminated.
 */
export async function startConsumer(options: EventConsumerOptions): Promise<EventConsumerHandle> {
  const maxDeliver = options.maxDeliver ?? 5;
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  const logger = options.logger.child({ consumer: options.durable, stream: options.stream });
  await ensureDurable(await jetstreamManager(options.nc), options, maxDeliver);

  const js = jetstream(options.nc);
  const consumer = await js.consumers.get(options.stream, options.durable);
  const messages = await consumer.consume({ max_messages: options.prefetch ?? 10 });

  const deadLetter = async (msg: JsMsg, reason: string, error?: unknown): Promise<void> => {
    const letter = headers();
    for (const [key, values] of msg.headers ?? []) {
      // Nats-* headers steer JetStream (Nats-Msg-Id would deduplicate against the original).
      if (key.toLowerCase().startsWith('nats-')) continue;
      for (const value of values) letter.append(key, value);
    }
    letter.set(DeadLetterHeaders.reason, reason);
    if (error !== undefined) letter.set(DeadLetterHeaders.error, oneLine(error));
    letter.set(DeadLetterHeaders.stream, msg.info.stream);
    letter.set(DeadLetterHeaders.subject, msg.subject);
    letter.set(DeadLetterHeaders.consumer, options.durable);
    letter.set(DeadLetterHeaders.streamSequence, String(msg.info.streamSequence));
    letter.set(DeadLetterHeaders.deliveries, String(msg.info.deliveryCount));
    try {
      await js.publish(deadLetterSubject(options.durable), msg.data, {
        headers: letter,
        // A retry after a crash between publish and term must not file the letter twice.
        msgID: `${msg.info.stream}:${options.durable}:${msg.info.streamSequence}`,
      });
    } catch (publishError) {
      // Keep the message: it comes back and is dead-lettered then. The server allows one extra
      // delivery for this; beyond it the event is still in its stream for an operator to replay.
      logger.error({ err: publishError, streamSequence: msg.info.streamSequence }, 'dead-letter publish failed');
      msg.nak(retryDelayMs);
      return;
    }
    msg.term();
    logger.error(
      { reason, err: error, streamSequence: msg.info.streamSequence, deliveries: msg.info.deliveryCount },
      'event dead-lettered',
    );
  };

  const processMessage = async (msg: JsMsg): Promise<void> => {
    const deliveries = msg.info.deliveryCount;
    const parsed = parseEnvelope(msg);
    if (!parsed.success) return deadLetter(msg, 'invalid envelope', parsed.error);
    const envelope = parsed.envelope;
    if (deliveries > maxDeliver) {
      // Earlier attempts ended without an ack or nak (crash, or slower than ackWait).
      return deadLetter(msg, `no outcome after ${maxDeliver} deliveries`);
    }
    try {
      await options.handle(envelope);
      msg.ack();
    } catch (error) {
      if (deliveries >= maxDeliver) return deadLetter(msg, `handler failed ${deliveries} times`, error);
      const delay = Math.min(retryDelayMs * 2 ** (deliveries - 1), MAX_RETRY_DELAY_MS);
      logger.warn(
        { err: error, eventId: envelope.id, type: envelope.type, deliveries, retryInMs: delay },
        'event handler failed; will retry',
      );
      msg.nak(delay);
    }
  };

  const done = (async () => {
    for await (const msg of messages) {
      await processMessage(msg).catch((error: unknown) => {
        // Reached only if acking itself throws; the message is redelivered after ackWait.
        logger.error({ err: error }, 'event processing failed');
      });
    }
  })().catch((error: unknown) => logger.error({ err: error }, 'event consumer stopped unexpectedly'));

  logger.info({ filterSubjects: options.filterSubjects }, 'event consumer started');
  return {
    stop: async () => {
      await messages.close();
      await done;
    },
  };
}

type ParsedEnvelope = { success: true; envelope: EventEnvelope } | { success: false; error: unknown };

function parseEnvelope(msg: JsMsg): ParsedEnvelope {
  let json: unknown;
  try {
    json = msg.json();
  } catch (error) {
    return { success: false, error };
  }
  const result = EventEnvelopeSchema.safeParse(json);
  return result.success ? { success: true, envelope: result.data } : { success: false, error: result.error };
}

function oneLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/\s+/g, ' ').slice(0, 1024);
}

/**
 * Creates the durable consumer or brings its settings up to date. The server's delivery limit is
 * one above ours, so the consumer still sees a message whose attempts all ended without an outcome
 * and can dead-letter it rather than JetStream dropping it silently.
 */
async function ensureDurable(jsm: JetStreamManager, options: EventConsumerOptions, maxDeliver: number): Promise<void> {
  const [first, ...more] = options.filterSubjects;
  if (!first) throw new Error(`Consumer ${options.durable} needs at least one filter subject`);
  const filter: Partial<ConsumerConfig> = more.length
    ? { filter_subjects: options.filterSubjects }
    : { filter_subject: first };
  const settings: Partial<ConsumerConfig> = {
    ...filter,
    ack_wait: nanos(options.ackWaitMs ?? 30_000),
    max_deliver: maxDeliver + 1,
  };
  const existing = await jsm.consumers.info(options.stream, options.durable).catch((error: unknown) => {
    if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.ConsumerNotFound) return null;
    throw error;
  });
  if (!existing) {
    await jsm.consumers.add(options.stream, {
      ...settings,
      durable_name: options.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
    });
    return;
  }
  const current = existing.config;
  const unchanged =
    current.ack_wait === settings.ack_wait &&
    current.max_deliver === settings.max_deliver &&
    (current.filter_subject ?? '') === (settings.filter_subject ?? '') &&
    (current.filter_subjects ?? []).join(',') === (settings.filter_subjects ?? []).join(',');
  if (!unchanged) await jsm.consumers.update(options.stream, options.durable, settings);
}
