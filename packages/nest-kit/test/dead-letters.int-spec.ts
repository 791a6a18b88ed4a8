import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  DeadLetterStream,
  deadLetterSubject,
  EventStreams,
  EventTypes,
  eventSubject,
  ReplayForConsumerHeader,
} from '@medtutor/contracts';
import { DeadLetterHeaders, newEvent } from '@medtutor/nest-kit';
import { startTestNats, type TestNats } from '@medtutor/nest-kit/testing';
import { AckPolicy, jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import {
  DeadLetterNotFoundError,
  DeadLetterToolError,
  dropDeadLetter,
  getDeadLetter,
  listDeadLetters,
  replayDeadLetter,
} from '../src/dead-letters/dead-letters.js';

const PAYMENTS = EventStreams.catalogPayments.name;
const SUBJECT = eventSubject(EventTypes.paymentSucceeded);
// Unique per run, in case the file falls back to a shared NATS server (no nats-server binary).
const run = randomBytes(4).toString('hex');
const tutoring = `tutoring-payment-succeeded-${run}`;
const reviews = `reviews-payment-succeeded-${run}`;

describe('dead-letter tool against a real NATS JetStream', () => {
  let nats: TestNats;
  let nc: NatsConnection;
  let jsm: JetStreamManager;

  /** What the outbox relay publishes; returns its sequence in PAYMENTS_EVENTS. */
  const publishEvent = async (payload: Uint8Array | string) => {
    const original = headers();
    original.set('Correlation-Id', `corr-${run}`);
    const ack = await jetstream(nc).publish(SUBJECT, payload, { headers: original, msgID: randomUUID() });
    return { sequence: ack.seq, headers: original };
  };

  /** What a consumer does when it gives up on a message: the original plus Dead-Letter-* headers. */
  const fileDeadLetter = async (consumer: string, payload: Uint8Array | string, reason: string, error: string) => {
    const original = await publishEvent(payload);
    const letter = headers();
    for (const [key, values] of original.headers) for (const value of values) letter.append(key, value);
    letter.set(DeadLetterHeaders.reason, reason);
    letter.set(DeadLetterHeaders.error, error);
    letter.set(DeadLetterHeaders.stream, PAYMENTS);
    letter.set(DeadLetterHeaders.subject, SUBJECT);
    letter.set(DeadLetterHeaders.consumer, consumer);
    letter.set(DeadLetterHeaders.streamSequence, String(original.sequence));
    letter.set(DeadLetterHeaders.deliveries, '3');
    const ack = await jetstream(nc).publish(deadLetterSubject(consumer), payload, {
      headers: letter,
      msgID: `${PAYMENTS}:${consumer}:${original.sequence}`,
    });
    return { id: ack.seq, originalSequence: original.sequence };
  };

  const addConsumer = (durable: string) =>
    jsm.consumers.add(PAYMENTS, { durable_name: durable, ack_policy: AckPolicy.Explicit, filter_subject: SUBJECT });

  beforeAll(async () => {
    nats = await startTestNats();
    nc = await connect({ servers: nats.url });
    jsm = await jetstreamManager(nc);
  });

  afterAll(async () => {
    await nc?.close();
    await nats?.stop();
  });

  it('lists dead letters with their origin, event and failure, oldest first, all or per consumer', async () => {
    const event = newEvent(EventTypes.paymentSucceeded, 1, { paymentId: 7 }, null);
    const longError = `PrismaClientKnownRequestError: ${'x'.repeat(200)}`;
    const first = await fileDeadLetter(tutoring, JSON.stringify(event), 'handler failed 3 times', longError);
    const poison = await fileDeadLetter(tutoring, 'not json {', 'invalid envelope', 'SyntaxError: Unexpected token');
    const other = await fileDeadLetter(reviews, JSON.stringify(event), 'schema mismatch', 'ZodError: data.amount');

    const mine = await listDeadLetters(nc, { consumer: tutoring });
    expect(mine.map((letter) => letter.id)).toEqual([first.id, poison.id]);
    expect(mine[0]).toMatchObject({
      consumer: tutoring,
      stream: PAYMENTS,
      subject: SUBJECT,
      streamSequence: first.originalSequence,
      deliveries: 3,
      reason: 'handler failed 3 times',
      error: longError,
      eventId: event.id,
      eventType: EventTypes.paymentSucceeded,
      headers: { 'Correlation-Id': [`corr-${run}`] },
      payload: JSON.stringify(event),
    });
    expect(Date.now() - mine[0]!.deadLetteredAt.getTime()).toBeLessThan(60_000);
    expect(mine[1]).toMatchObject({
      reason: 'invalid envelope',
      eventId: null,
      eventType: null,
      payload: 'not json {',
    });

    const ids = (await listDeadLetters(nc)).map((letter) => letter.id);
    expect(ids.filter((id) => [first.id, poison.id, other.id].includes(id))).toEqual([first.id, poison.id, other.id]);
    expect((await listDeadLetters(nc, { consumer: reviews })).map((letter) => letter.id)).toEqual([other.id]);
    expect(await listDeadLetters(nc, { consumer: `nobody-${run}` })).toEqual([]);

    expect(await getDeadLetter(nc, poison.id)).toEqual(mine[1]);
    expect(await getDeadLetter(nc, other.id + 1_000)).toBeNull();
    await expect(listDeadLetters(nc, { consumer: 'not a durable' })).rejects.toThrow('is not a durable consumer name');
  });

  it('replays a letter to its original subject for its consumer, then deletes it; a second replay is refused', async () => {
    const durable = `${tutoring}-replay`;
    await addConsumer(durable);
    const event = newEvent(EventTypes.paymentSucceeded, 1, { paymentId: 8 }, 'corr');
    const letter = await fileDeadLetter(durable, JSON.stringify(event), 'handler failed 3 times', 'Error: boom');

    const outcome = await replayDeadLetter(nc, letter.id);
    expect(outcome).toMatchObject({ stream: PAYMENTS, duplicate: false, letter: { id: letter.id, eventId: event.id } });
    expect(outcome.sequence).toBeGreaterThan(letter.originalSequence);
    const replayed = await jsm.streams.getMessage(PAYMENTS, { seq: outcome.sequence });
    expect(replayed?.subject).toBe(SUBJECT);
    expect(replayed?.json()).toEqual(event);
    expect(Object.fromEntries(replayed?.header ?? [])).toEqual({
      'Correlation-Id': [`corr-${run}`],
      [ReplayForConsumerHeader]: [durable],
      'Nats-Msg-Id': [`replay:${letter.id}`],
      'Nats-Expected-Stream': [PAYMENTS],
    });

    expect(await getDeadLetter(nc, letter.id)).toBeNull();
    await expect(replayDeadLetter(nc, letter.id)).rejects.toThrow(new DeadLetterNotFoundError(letter.id));
    const after = await jsm.streams.info(PAYMENTS);
    expect(after.state.last_seq).toBe(outcome.sequence);
  });

  it('gives back a payload that is not UTF-8 byte for byte', async () => {
    const durable = `${tutoring}-bytes`;
    await addConsumer(durable);
    const bytes = Uint8Array.from([0xff, 0xfe, 0x00, 0x7b, 0xc3]);
    const letter = await fileDeadLetter(durable, bytes, 'invalid envelope', 'SyntaxError');

    const outcome = await replayDeadLetter(nc, letter.id);
    expect((await jsm.streams.getMessage(PAYMENTS, { seq: outcome.sequence }))?.data).toEqual(bytes);
  });

  it('deletes the letter without a second copy when an earlier replay was stored but the letter not deleted', async () => {
    const durable = `${tutoring}-crashed`;
    await addConsumer(durable);
    const letter = await fileDeadLetter(durable, JSON.stringify(newEvent('x.y.v1', 1, {}, null)), 'r', 'e');
    // The first replay's publish was acknowledged, then the tool died before deleting the letter.
    const earlier = await jetstream(nc).publish(SUBJECT, 'first replay', { msgID: `replay:${letter.id}` });

    const outcome = await replayDeadLetter(nc, letter.id);
    expect(outcome).toMatchObject({ duplicate: true, sequence: earlier.seq, stream: PAYMENTS });
    expect((await jsm.streams.info(PAYMENTS)).state.last_seq).toBe(earlier.seq);
    expect(await getDeadLetter(nc, letter.id)).toBeNull();
  });

  it('refuses to replay for a consumer that no longer exists, and keeps the letter', async () => {
    const gone = `${tutoring}-gone`;
    const letter = await fileDeadLetter(gone, JSON.stringify(newEvent('x.y.v1', 1, {}, null)), 'r', 'e');
    const before = (await jsm.streams.info(PAYMENTS)).state.last_seq;

    await expect(replayDeadLetter(nc, letter.id)).rejects.toThrow(
      new DeadLetterToolError(
        `The consumer ${gone} does not exist on ${PAYMENTS}, so nothing would handle a replay: provision it first (npm run events -- provision), or drop the letter`,
      ),
    );
    expect((await jsm.streams.info(PAYMENTS)).state.last_seq).toBe(before);
    expect((await getDeadLetter(nc, letter.id))?.consumer).toBe(gone);
  });

  it('drops a letter for good and refuses an id that does not exist', async () => {
    const letter = await fileDeadLetter(`${reviews}-drop`, 'poison', 'invalid envelope', 'SyntaxError');
    const before = (await jsm.streams.info(PAYMENTS)).state.last_seq;

    const dropped = await dropDeadLetter(nc, letter.id);
    expect(dropped).toMatchObject({ id: letter.id, payload: 'poison', reason: 'invalid envelope' });
    expect(await getDeadLetter(nc, letter.id)).toBeNull();
    await expect(dropDeadLetter(nc, letter.id)).rejects.toBeInstanceOf(DeadLetterNotFoundError);
    expect((await jsm.streams.info(PAYMENTS)).state.last_seq).toBe(before);
  });

  it('says so when DEAD_LETTERS does not exist', async () => {
    const empty = await startTestNats();
    const bare = await connect({ servers: empty.url });
    try {
      await (await jetstreamManager(bare)).streams.delete(DeadLetterStream.name);
      await expect(listDeadLetters(bare)).rejects.toThrow(
        'The stream DEAD_LETTERS does not exist on this NATS server: provisioning (npm run events -- provision) has not run against it',
      );
    } finally {
      await bare.close();
      await empty.stop();
    }
  });
});
