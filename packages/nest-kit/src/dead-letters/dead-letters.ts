import { DeadLetterStream, deadLetterSubject, platformConsumer, ReplayForConsumerHeader } from '@medtutor/contracts';
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
import { consumerDefinition, PROVISION_COMMAND } from '../events/provision.js';
import { subjectMatches } from '../events/streams.js';

/** A dead letter as an operator sees it: what failed, where it came from and why. */
export interface DeadLetter {
  /** Its sequence in DEAD_LETTERS: the id that show, replay and drop take. */
  id: number;
  deadLetteredAt: Date;
  /**
   * The durable consumer that gave up on the message: the suffix of the letter's own subject
   * (`deadletter.<durable>`), which only that consumer's service may publish to.
   */
  consumer: string;
  reason: string;
  error: string | null;
  /**
   * The stream, subject and sequence of the message as first published, as the letter's headers tell
   * it: written by the consumer's own process, so a claim that replay checks before trusting.
   */
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
 *
 * The letter is evidence written by the consumer's own process, and any service may publish to its
 * own `deadletter.<durable>`: a compromised payroll could plant a `payment_succeeded` whose headers
 * name PAYMENTS_EVENTS and tutoring's consumer. So the consumer is taken from the letter's own
 * subject, never from its headers; its stream and filter come from the registry (`PlatformConsumers`)
 * and the server; and a letter whose headers claim another consumer, stream or subject is refused.
 * What remains possible is safe: the writer's own consumer receives, once more, a payload the writer
 * chose. Every other consumer of the subject skips the replay (the `Replay-For-Consumer` header is set
 * here, over any the letter carried), so the planted event reaches only the planter's own consumer,
 * an effect that process could have had on its own database anyway.
 */
export async function replayDeadLetter(nc: NatsConnection, id: number): Promise<ReplayOutcome> {
  const jsm = await deadLetterManager(nc);
  const stored = await requireStored(jsm, id);
  const letter = toDeadLetter(stored);
  const target = await replayTarget(
    jsm,
    id,
    letter,
    stored.header?.has(DeadLetterHeaders.consumer) ? stored.header.get(DeadLetterHeaders.consumer) : null,
  );

  const replay = headers();
  for (const [key, values] of Object.entries(letter.headers)) {
    for (const value of values) replay.append(key, value);
  }
  replay.set(ReplayForConsumerHeader, target.durable);
  // The stored bytes, not the decoded text: a payload that is not UTF-8 must come back unchanged.
  const ack = await jetstream(nc).publish(target.subject, stored.data, {
    headers: replay,
    msgID: `replay:${id}`,
    // The original subject might since belong to another stream: refuse rather than land there.
    expect: { streamName: target.stream },
  });
  await deleteLetter(jsm, id);
  return { letter, stream: ack.stream, sequence: ack.seq, duplicate: ack.duplicate };
}

/** A letter whose headers do not match what its consumer receives: refused, never replayed. */
export class DeadLetterMismatchError extends DeadLetterToolError {
  constructor(
    readonly id: number,
    detail: string,
  ) {
    super(
      `Dead letter ${id} cannot be replayed: ${detail}. Its headers are written by the consumer's process and ` +
        'are not what that consumer would have received; inspect it (dlq show) and drop it',
    );
  }
}

/**
 * Where a letter may go: the stream and subject of the consumer named by the letter's subject. A
 * platform consumer reads its event's owner stream with the registry's filter; a consumer the registry
 * does not list (a test's, an operator's own) is looked up on the stream its letter names. Either way
 * the server's consumer must exist and filter the letter's subject, and the headers must agree.
 */
async function replayTarget(
  jsm: JetStreamManager,
  id: number,
  letter: DeadLetter,
  headerConsumer: string | null,
): Promise<{ stream: string; subject: string; durable: string }> {
  const durable = letter.consumer;
  if (!DurableNameSchema.safeParse(durable).success) {
    throw new DeadLetterMismatchError(id, `its subject names no durable consumer ("${durable}")`);
  }
  if (headerConsumer !== null && headerConsumer !== durable) {
    throw new DeadLetterMismatchError(
      id,
      `it was filed under ${durable} but its ${DeadLetterHeaders.consumer} header names ${headerConsumer}`,
    );
  }
  if (!letter.stream || !letter.subject) {
    throw new DeadLetterToolError(
      `Dead letter ${id} does not name its original stream and subject (${DeadLetterHeaders.stream}, ${DeadLetterHeaders.subject}): it cannot be replayed`,
    );
  }
  const registered = platformConsumer(durable);
  const expected = registered ? consumerDefinition(registered) : null;
  if (expected && letter.stream !== expected.stream) {
    throw new DeadLetterMismatchError(
      id,
      `${durable} reads ${expected.stream}, but the letter names the stream ${letter.stream}`,
    );
  }
  if (expected && letter.subject !== expected.filterSubject) {
    throw new DeadLetterMismatchError(
      id,
      `${durable} receives only ${expected.filterSubject}, but the letter names the subject ${letter.subject}`,
    );
  }
  const filter = await requireConsumer(jsm, letter.stream, durable);
  if (!filter || !subjectMatches(filter, letter.subject)) {
    throw new DeadLetterMismatchError(
      id,
      `${durable} on ${letter.stream} filters ${filter ?? 'nothing'}, not the letter's subject ${letter.subject}`,
    );
  }
  return { stream: letter.stream, subject: letter.subject, durable };
}

/** Deletes a dead letter for good and returns what it was. */
export async function dropDeadLetter(nc: NatsConnection, id: number): Promise<DeadLetter> {
  const jsm = await deadLetterManager(nc);
  const letter = toDeadLetter(await requireStored(jsm, id));
  await deleteLetter(jsm, id);
  return letter;
}

/** A JetStream manager, once DEAD_LETTERS is known to exist (the provisioning step creates it). */
async function deadLetterManager(nc: NatsConnection): Promise<JetStreamManager> {
  const jsm = await jetstreamManager(nc);
  await jsm.streams.info(DeadLetterStream.name).catch((error: unknown) => {
    if (isApiError(error, JetStreamApiCodes.StreamNotFound)) {
      throw new DeadLetterToolError(
        `The stream ${DeadLetterStream.name} does not exist on this NATS server: provisioning (${PROVISION_COMMAND}) has not run against it`,
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

/**
 * A replay nobody consumes would vanish unhandled: the consumer must still exist on the stream.
 * Returns the subject it filters (null: it filters none, every subject of the stream).
 */
async function requireConsumer(jsm: JetStreamManager, stream: string, consumer: string): Promise<string | null> {
  const info = await jsm.consumers.info(stream, consumer).catch((error: unknown) => {
    if (isApiError(error, JetStreamApiCodes.StreamNotFound)) {
      throw new DeadLetterToolError(`The original stream ${stream} no longer exists: the letter cannot be replayed`);
    }
    if (isApiError(error, JetStreamApiCodes.ConsumerNotFound)) {
      throw new DeadLetterToolError(
        `The consumer ${consumer} does not exist on ${stream}, so nothing would handle a replay: provision it first (${PROVISION_COMMAND}), or drop the letter`,
      );
    }
    throw error;
  });
  return info.config.filter_subject || null;
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
    // The subject, not the header: only the consumer's own service may publish under it.
    consumer: stored.subject.slice(DEAD_LETTER_PREFIX.length),
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
