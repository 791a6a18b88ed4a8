import { DeadLetterStream, deadLetterSubject, ReplayForConsumerHeader } from '@medtutor/contracts';
import {
  JetStreamApiCodes,
  JetStreamApiError,
  jetstream,
  jetstreamManager,
  type JetStreamManager,
  type MsgRequest,
  type StoredMsg,
} from '@nats-io/jetstream';
import { headers, type NatsConnection } from '@nats-io/transport-node';
import { z } from 'zod';
import { DeadLetterHeaders } from '../events/event-consumer.js';

/** A dead letter as an operator sees it: what failed, where it came from and why. */
export interface DeadLetter {
  /** Its sequence in DEAD_LETTERS: the id that show, replay and drop take. */
  id: number;
  deadLetteredAt: Date;
  /** The durable consumer that gave up on the message. */
  consumer: string;
  reason: string;
  error: string | null;
  /** The stream, subject and sequence of the message as first published. */
  stream: string | null;
  subject: string | null;
  streamSequence: number | null;
  deliveries: number | null;
  /** From the payload when it is a JSON object with them (a poison message may have neither). */
  eventId: string | null;
  eventType: string | null;
  /** The original message's own headers, which a replay publishes again. */
  headers: Record<string, string[]>;
  payload: string;
}

/** A refusal worth showing an operator as it is: an unknown id, a missing stream or consumer. */
export class DeadLetterToolError extends Error {
  override name = 'DeadLetterToolError';
}

export class DeadLetterNotFoundError extends DeadLetterToolError {
  constructor(readonly id: number) {
    super(`There is no dead letter ${id} in ${DeadLetterStream.name} (already replayed or dropped?)`);
  }
}

/** Durable names are one subject token of letters, digits, `-` and `_` (infra/nats/authorization.conf). */
export const DurableNameSchema = z.string().regex(/^[A-Za-z0-9_-]+$/, 'is not a durable consumer name');

// JetStream's "sequence not found" on a message delete (JSStreamMsgDeleteFailedF).
const MESSAGE_DELETE_FAILED = 10043;

const ALL_DEAD_LETTERS = deadLetterSubject('>');
const DEAD_LETTER_PREFIX = deadLetterSubject('');

// Only the fields an operator needs to recognise the event; the rest of the payload is shown as is.
const EnvelopeHintSchema = z.object({ id: z.string().optional(), type: z.string().optional() });

/** Every dead letter, oldest first; with `consumer`, only those of that durable consumer. */
export async function listDeadLetters(nc: NatsConnection, options: { consumer?: string } = {}): Promise<DeadLetter[]> {
  const jsm = await deadLetterManager(nc);
  const filter = options.consumer ? deadLetterSubject(DurableNameSchema.parse(options.consumer)) : ALL_DEAD_LETTERS;
  const letters: DeadLetter[] = [];
  for (let next = 1; ;) {
    // The server's "first message on or after seq matching the filter", typed only for direct gets.
    const query = { seq: next, next_by_subj: filter } as unknown as MsgRequest;
    const stored = await jsm.streams.getMessage(DeadLetterStream.name, query);
    if (!stored) return letters;
    letters.push(toDeadLetter(stored));
    next = stored.seq + 1;
  }
}

/** One dead letter, or null when DEAD_LETTERS has no message with that id. */
export async function getDeadLetter(nc: NatsConnection, id: number): Promise<DeadLetter | null> {
  const stored = await (await deadLetterManager(nc)).streams.getMessage(DeadLetterStream.name, { seq: id });
  return stored ? toDeadLetter(stored) : null;
}

export interface ReplayOutcome {
  letter: DeadLetter;
  /** Where the replay was stored: the original stream and the replay's sequence in it. */
  stream: string;
  sequence: number;
  /** The stream had this replay already (an earlier attempt published it, then failed to delete). */
  duplicate: boolean;
}

/**
 * Publishes a dead letter's original payload and headers back to its original subject, marked for the
 * consumer that gave up on it, then deletes the letter. The message id `replay:<id>` lets the stream
 * drop a repeated replay within its duplicate window, and the letter is deleted only once the stream
 * has acknowledged the replay, so a crash in between leaves the letter to replay again, never lost.
 */
export async function replayDeadLetter(nc: NatsConnection, id: number): Promise<ReplayOutcome> {
  const jsm = await deadLetterManager(nc);
  const stored = await requireStored(jsm, id);
  const letter = toDeadLetter(stored);
  if (!letter.stream || !letter.subject) {
    throw new DeadLetterToolError(
      `Dead letter ${id} does not name its original stream and subject (${DeadLetterHeaders.stream}, ${DeadLetterHeaders.subject}): it cannot be replayed`,
    );
  }
  await requireConsumer(jsm, letter.stream, letter.consumer);

  const replay = headers();
  for (const [key, values] of Object.entries(letter.headers)) {
    for (const value of values) replay.append(key, value);
  }
  replay.set(ReplayForConsumerHeader, letter.consumer);
  // The stored bytes, not the decoded text: a payload that is not UTF-8 must come back unchanged.
  const ack = await jetstream(nc).publish(letter.subject, stored.data, {
    headers: replay,
    msgID: `replay:${id}`,
    // The original subject might since belong to another stream: refuse rather than land there.
    expect: { streamName: letter.stream },
  });
  await deleteLetter(jsm, id);
  return { letter, stream: ack.stream, sequence: ack.seq, duplicate: ack.duplicate };
}

/** Deletes a dead letter for good and returns what it was. */
export async function dropDeadLetter(nc: NatsConnection, id: number): Promise<DeadLetter> {
  const jsm = await deadLetterManager(nc);
  const letter = toDeadLetter(await requireStored(jsm, id));
  await deleteLetter(jsm, id);
  return letter;
}

/** A JetStream manager, once DEAD_LETTERS is known to exist (every service creates it at start). */
async function deadLetterManager(nc: NatsConnection): Promise<JetStreamManager> {
  const jsm = await jetstreamManager(nc);
  await jsm.streams.info(DeadLetterStream.name).catch((error: unknown) => {
    if (isApiError(error, JetStreamApiCodes.StreamNotFound)) {
      throw new DeadLetterToolError(
        `The stream ${DeadLetterStream.name} does not exist on this NATS server: no service has started against it yet`,
      );
    }
    throw error;
  });
  return jsm;
}

async function requireStored(jsm: JetStreamManager, id: number): Promise<StoredMsg> {
  const stored = await jsm.streams.getMessage(DeadLetterStream.name, { seq: id });
  if (!stored) throw new DeadLetterNotFoundError(id);
  return stored;
}

/** A replay nobody consumes would vanish unhandled: the consumer must still exist on the stream. */
async function requireConsumer(jsm: JetStreamManager, stream: string, consumer: string): Promise<void> {
  await jsm.consumers.info(stream, consumer).catch((error: unknown) => {
    if (isApiError(error, JetStreamApiCodes.StreamNotFound)) {
      throw new DeadLetterToolError(`The original stream ${stream} no longer exists: the letter cannot be replayed`);
    }
    if (isApiError(error, JetStreamApiCodes.ConsumerNotFound)) {
      throw new DeadLetterToolError(
        `The consumer ${consumer} does not exist on ${stream}, so nothing would handle a replay: start its service first, or drop the letter`,
      );
    }
    throw error;
  });
}

async function deleteLetter(jsm: JetStreamManager, id: number): Promise<void> {
  await jsm.streams.deleteMessage(DeadLetterStream.name, id).catch((error: unknown) => {
    // Someone else replayed or dropped it meanwhile: the outcome we want.
    if (isApiError(error, MESSAGE_DELETE_FAILED)) return;
    throw error;
  });
}

function isApiError(error: unknown, code: number): boolean {
  return error instanceof JetStreamApiError && error.code === code;
}

function toDeadLetter(stored: StoredMsg): DeadLetter {
  const header = (name: string): string | null => (stored.header?.has(name) ? stored.header.get(name) : null);
  const count = (name: string): number | null => {
    const value = header(name);
    return value !== null && /^\d+$/.test(value) ? Number(value) : null;
  };
  const own: Record<string, string[]> = {};
  for (const [key, values] of stored.header ?? []) {
    // Nats-* steer JetStream: the letter's own Nats-Msg-Id must not come back on the replay.
    if (!/^(dead-letter-|nats-)/i.test(key)) own[key] = [...values];
  }
  const payload = new TextDecoder().decode(stored.data);
  const hint = envelopeHint(payload);
  return {
    id: stored.seq,
    deadLetteredAt: stored.time,
    consumer: header(DeadLetterHeaders.consumer) ?? stored.subject.slice(DEAD_LETTER_PREFIX.length),
    reason: header(DeadLetterHeaders.reason) ?? '',
    error: header(DeadLetterHeaders.error),
    stream: header(DeadLetterHeaders.stream),
    subject: header(DeadLetterHeaders.subject),
    streamSequence: count(DeadLetterHeaders.streamSequence),
    deliveries: count(DeadLetterHeaders.deliveries),
    eventId: hint.id ?? null,
    eventType: hint.type ?? null,
    headers: own,
    payload,
  };
}

function envelopeHint(payload: string): z.infer<typeof EnvelopeHintSchema> {
  try {
    const parsed = EnvelopeHintSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
