import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { DeadLetterStream, deadLetterSubject, type EventEnvelope, eventSubject } from '@medtutor/contracts';
import {
  DeadLetterHeaders,
  type EventConsumerOptions,
  EventConsumers,
  EventKitModule,
  ensureStreams,
  handleOnce,
  type HandleOnceResult,
  newEvent,
  OutboxRelay,
  startConsumer,
  writeOutbox,
} from '@medtutor/nest-kit';
import { createTestDatabase, testNatsUrl, type TestDatabase } from '@medtutor/nest-kit/testing';
import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Test } from '@nestjs/testing';
import pg from 'pg';
import { pino } from 'pino';
import { createEventKitClient, type EventKitClient } from './support/event-kit-client.js';
import { sleep, waitFor } from './support/wait-for.js';

const migrationsDir = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));
const logger = pino({ level: 'silent' });
// Unique per run: other engineers' test runs share this NATS server.
const run = `t${randomBytes(4).toString('hex')}`;
const stream = { name: `TEST_EVENTS_${run.toUpperCase()}`, subjects: [`events.${run}.>`] };
const eventType = (name: string) => `${run}.${name}.v1`;

describe('event kit against real NATS JetStream and PostgreSQL', () => {
  let db: TestDatabase;
  let prisma: EventKitClient;
  let pool: pg.Pool;
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  const durables: string[] = [];
  const cleanups: Array<() => Promise<unknown>> = [];

  /** A service's state change: a credit row (not unique by itself) written with an outbox row. */
  const commitWithEvent = async (envelope: EventEnvelope) => {
    await prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('INSERT INTO test_sources (event_id) VALUES ($1::uuid)', envelope.id);
      await writeOutbox(tx, envelope);
    });
  };
  /** The consumer's effect: credits an hour, which would double on a redelivery without the inbox. */
  const creditOnce = (durable: string, envelope: EventEnvelope) =>
    handleOnce(prisma, durable, envelope.id, async (tx) => {
      await tx.$executeRawUnsafe(
        'INSERT INTO test_credits (consumer, event_id) VALUES ($1, $2::uuid)',
        durable,
        envelope.id,
      );
    });
  const credits = async (eventId: string) =>
    Number((await pool.query('SELECT count(*) FROM test_credits WHERE event_id = $1', [eventId])).rows[0].count);
  const newDurable = (label: string) => {
    const durable = `${run}_${label}`;
    durables.push(durable);
    return durable;
  };
  const consume = async (options: Omit<EventConsumerOptions, 'nc' | 'logger' | 'stream'>) => {
    const handle = await startConsumer({ nc, logger, stream: stream.name, ...options });
    cleanups.push(() => handle.stop());
    return handle;
  };
  const relayPass = () => new OutboxRelay({ pool, nc, logger }).publishBatch();
  const published = async (eventId: string) =>
    (await pool.query('SELECT published_at FROM outbox_events WHERE id = $1', [eventId])).rows[0]
      ?.published_at as Date | null;
  const streamMessages = async () => (await jsm.streams.info(stream.name)).state.messages;

  beforeAll(async () => {
    db = await createTestDatabase('events', migrationsDir);
    pool = new pg.Pool({ connectionString: db.url });
    await pool.query('CREATE TABLE test_sources (event_id UUID NOT NULL)');
    await pool.query('CREATE TABLE test_credits (consumer TEXT NOT NULL, event_id UUID NOT NULL)');
    prisma = await createEventKitClient(db.url);
    nc = await connect({ servers: await testNatsUrl() });
    jsm = await jetstreamManager(nc);
    await ensureStreams(nc, [stream, DeadLetterStream]);
  });

  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  });

  afterAll(async () => {
    await jsm.streams.delete(stream.name);
    for (const durable of durables) {
      await jsm.streams.purge(DeadLetterStream.name, { filter: deadLetterSubject(durable) });
    }
    await nc.close();
    await prisma.$disconnect();
    await pool.end();
    await db.drop();
  });

  it('delivers an event written while the consumer was down, and its effect happens once', async () => {
    const envelope = newEvent(eventType('payment_succeeded'), 1, { paymentId: 7 }, 'corr-1');
    await commitWithEvent(envelope);
    const relay = new OutboxRelay({ pool, nc, logger, pollIntervalMs: 50 });
    relay.start();
    cleanups.push(() => relay.stop());
    await waitFor('the relay to publish', () => published(envelope.id));

    const durable = newDurable('late');
    const received: EventEnvelope[] = [];
    await consume({
      durable,
      filterSubjects: [eventSubject(envelope.type)],
      handle: async (event) => {
        received.push(event);
        await creditOnce(durable, event);
      },
    });

    await waitFor('the effect', async () => (await credits(envelope.id)) === 1);
    await waitFor('the ack', async () => (await jsm.consumers.info(stream.name, durable)).num_ack_pending === 0);
    expect(received).toEqual([envelope]);
    expect(await credits(envelope.id)).toBe(1);
  });

  it('publishes a row only once when the relay dies before marking it published', async () => {
    const envelope = newEvent(eventType('hours_used'), 1, { hours: 2 }, null);
    await commitWithEvent(envelope);
    const before = await streamMessages();

    expect(await relayPass()).toEqual({ published: 1, complete: true });
    // The commit that marked the row was lost: the next pass publishes it again.
    await pool.query('UPDATE outbox_events SET published_at = NULL WHERE id = $1', [envelope.id]);
    expect(await relayPass()).toEqual({ published: 1, complete: true });

    expect(await streamMessages()).toBe(before + 1);
    expect(await published(envelope.id)).toBeInstanceOf(Date);
  });

  it('lets the inbox absorb a copy published after the duplicate window', async () => {
    const envelope = newEvent(eventType('free_trial_requested'), 1, { userId: 3 }, null);
    const durable = newDurable('window');
    const results: HandleOnceResult[] = [];
    await consume({
      durable,
      filterSubjects: [eventSubject(envelope.type)],
      handle: async (event) => void results.push(await creditOnce(durable, event)),
    });

    const js = jetstream(nc);
    await js.publish(eventSubject(envelope.type), JSON.stringify(envelope), { msgID: envelope.id });
    // Past JetStream's window the same event arrives under a new message id.
    await js.publish(eventSubject(envelope.type), JSON.stringify(envelope), { msgID: `${envelope.id}-late` });

    await waitFor('both deliveries', () => results.length === 2);
    expect(results).toEqual(['processed', 'duplicate']);
    expect(await credits(envelope.id)).toBe(1);
  });

  it('changes nothing when an event is redelivered after its effect committed', async () => {
    const envelope = newEvent(eventType('payslip_approved'), 1, { payslipId: 11 }, null);
    const durable = newDurable('redeliver');
    const results: HandleOnceResult[] = [];
    let calls = 0;
    // Two replicas share the durable; the first commits, then stalls past ackWait before acking.
    const handle = async (event: EventEnvelope) => {
      calls += 1;
      const first = calls === 1;
      results.push(await creditOnce(durable, event));
      if (first) await sleep(1_500);
    };
    const options = { durable, filterSubjects: [eventSubject(envelope.type)], ackWaitMs: 1_000, handle };
    await consume(options);
    await consume(options);

    await commitWithEvent(envelope);
    expect(await relayPass()).toEqual({ published: 1, complete: true });

    await waitFor('the redelivery', () => results.length >= 2);
    await waitFor('the acks', async () => (await jsm.consumers.info(stream.name, durable)).num_ack_pending === 0);
    expect(results[0]).toBe('processed');
    expect(results.slice(1).every((result) => result === 'duplicate')).toBe(true);
    expect(await credits(envelope.id)).toBe(1);
  });

  it('changes nothing when a restarted consumer gets an event whose ack was lost', async () => {
    const envelope = newEvent(eventType('user_registered'), 1, { userId: 5 }, null);
    const durable = newDurable('restart');
    const results: HandleOnceResult[] = [];
    const options = { durable, filterSubjects: [eventSubject(envelope.type)], ackWaitMs: 1_000, logger };
    // The first process dies after committing the effect and before its ack leaves.
    const doomed = await connect({ servers: await testNatsUrl() });
    const first = await startConsumer({
      ...options,
      nc: doomed,
      stream: stream.name,
      handle: async (event) => {
        results.push(await creditOnce(durable, event));
        await doomed.close();
      },
    });
    await commitWithEvent(envelope);
    await relayPass();
    await waitFor('the first attempt', () => doomed.isClosed());
    await first.stop();

    await consume({ ...options, handle: async (event) => void results.push(await creditOnce(durable, event)) });

    await waitFor('the redelivery', () => results.length === 2);
    expect(results).toEqual(['processed', 'duplicate']);
    expect(await credits(envelope.id)).toBe(1);
  });

  it('dead-letters a poison message after maxDeliver attempts, with the original payload', async () => {
    const envelope = newEvent(eventType('poison_arrived'), 1, { oops: true }, 'corr-poison');
    const durable = newDurable('poison');
    const attempts: number[] = [];
    await consume({
      durable,
      filterSubjects: [eventSubject(envelope.type)],
      maxDeliver: 3,
      retryDelayMs: 20,
      handle: async () => {
        attempts.push(Date.now());
        throw new Error('cannot handle\nthis event');
      },
    });
    await commitWithEvent(envelope);
    await relayPass();

    const letter = await waitFor('the dead letter', () =>
      jsm.streams.getMessage(DeadLetterStream.name, { last_by_subj: deadLetterSubject(durable) }).catch(() => null),
    );
    expect(letter.json()).toEqual(envelope);
    expect(letter.header.get(DeadLetterHeaders.reason)).toBe('handler failed 3 times');
    expect(letter.header.get(DeadLetterHeaders.error)).toBe('Error: cannot handle this event');
    expect(letter.header.get(DeadLetterHeaders.deliveries)).toBe('3');
    expect(letter.header.get(DeadLetterHeaders.subject)).toBe(eventSubject(envelope.type));
    expect(letter.header.get(DeadLetterHeaders.stream)).toBe(stream.name);
    expect(letter.header.get('Nats-Msg-Id')).toBe(
      `${stream.name}:${durable}:${letter.header.get(DeadLetterHeaders.streamSequence)}`,
    );
    await waitFor('the term', async () => (await jsm.consumers.info(stream.name, durable)).num_ack_pending === 0);
    await sleep(200);
    expect(attempts).toHaveLength(3);
    expect((await jsm.consumers.info(stream.name, durable)).num_pending).toBe(0);
  });

  it('dead-letters an event whose deliveries all ended without an outcome, without handling it again', async () => {
    const envelope = newEvent(eventType('crashes_the_process'), 1, {}, null);
    const durable = newDurable('no_outcome');
    const options = {
      durable,
      filterSubjects: [eventSubject(envelope.type)],
      ackWaitMs: 500,
      maxDeliver: 1,
      logger,
      stream: stream.name,
    };
    const doomed = await connect({ servers: await testNatsUrl() });
    const first = await startConsumer({ ...options, nc: doomed, handle: () => doomed.close() });
    await commitWithEvent(envelope);
    await relayPass();
    await waitFor('the crash', () => doomed.isClosed());
    await first.stop();
    let calls = 0;
    await consume({ ...options, handle: async () => void (calls += 1) });

    const letter = await waitFor('the dead letter', () =>
      jsm.streams.getMessage(DeadLetterStream.name, { last_by_subj: deadLetterSubject(durable) }).catch(() => null),
    );
    expect(letter.json()).toEqual(envelope);
    expect(letter.header.get(DeadLetterHeaders.reason)).toBe('no outcome after 1 deliveries');
    expect(letter.header.get(DeadLetterHeaders.deliveries)).toBe('2');
    expect(calls).toBe(0);
  });

  it('dead-letters a message that is not an event envelope at once', async () => {
    const subject = eventSubject(eventType('garbled'));
    const durable = newDurable('garbled');
    let calls = 0;
    await consume({ durable, filterSubjects: [subject], handle: async () => void (calls += 1) });

    await jetstream(nc).publish(subject, '{"id":"not-a-uuid"}');

    const letter = await waitFor('the dead letter', () =>
      jsm.streams.getMessage(DeadLetterStream.name, { last_by_subj: deadLetterSubject(durable) }).catch(() => null),
    );
    expect(letter.string()).toBe('{"id":"not-a-uuid"}');
    expect(letter.header.get(DeadLetterHeaders.reason)).toBe('invalid envelope');
    expect(letter.header.get(DeadLetterHeaders.deliveries)).toBe('1');
    expect(calls).toBe(0);
  });

  it('keeps a row that cannot be published, with the error, and holds later rows back in order', async () => {
    const unroutable = newEvent(`${run}x.nowhere.v1`, 1, {}, null);
    const next = newEvent(eventType('after_unroutable'), 1, {}, null);
    await commitWithEvent(unroutable);
    await commitWithEvent(next);

    expect(await new OutboxRelay({ pool, nc, logger, publishTimeoutMs: 1_000 }).publishBatch()).toEqual({
      published: 0,
      complete: false,
    });
    const { rows } = await pool.query(
      'SELECT id, attempts, last_error, published_at FROM outbox_events WHERE id = ANY($1::uuid[])',
      [[unroutable.id, next.id]],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(unroutable.id)).toMatchObject({ attempts: 1, published_at: null, last_error: expect.any(String) });
    expect(byId.get(next.id)).toMatchObject({ attempts: 0, published_at: null });

    // An operator fixes the routing (here: a stream for the subject); the next pass catches up.
    const fix = { name: `${stream.name}_X`, subjects: [`events.${run}x.>`] };
    await ensureStreams(nc, [fix]);
    cleanups.push(() => jsm.streams.delete(fix.name));
    expect(await relayPass()).toEqual({ published: 2, complete: true });
  });

  it('runs the relay and consumers inside a Nest module and stops them cleanly', async () => {
    const envelope = newEvent(eventType('module_wired'), 1, { ok: true }, null);
    const durable = newDurable('module');
    const moduleRef = await Test.createTestingModule({
      imports: [
        EventKitModule.forService({
          service: 'nest-kit-test',
          databaseUrl: db.url,
          natsUrl: await testNatsUrl(),
          logger,
          relay: { pollIntervalMs: 50 },
        }),
      ],
    }).compile();
    const app = await moduleRef.init();
    const results: HandleOnceResult[] = [];
    await app.get(EventConsumers).start({
      stream: stream.name,
      durable,
      filterSubjects: [eventSubject(envelope.type)],
      handle: async (event) => void results.push(await creditOnce(durable, event)),
    });

    await commitWithEvent(envelope);
    app.get(OutboxRelay).nudge();

    await waitFor('the effect', () => results.length === 1);
    expect(results).toEqual(['processed']);
    await app.close();
    expect(await published(envelope.id)).toBeInstanceOf(Date);
  });
});
