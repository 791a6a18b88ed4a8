import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  ConsumerServerDefaults,
  DeadLetterStream,
  deadLetterSubject,
  type EventEnvelope,
  eventSubject,
  ReplayForConsumerHeader,
} from '@medtutor/contracts';
import {
  DeadLetterHeaders,
  DeadLetterReasons,
  type EventConsumerOptions,
  EventPruner,
  ensureConsumer,
  ensureStreams,
  handleOnce,
  type HandledOutcome,
  type HandleOnceResult,
  newEvent,
  OutboxRelay,
  startConsumer,
  writeOutbox,
} from '@medtutor/nest-kit';
import { createTestDatabase, testNatsUrl, type TestDatabase } from '@medtutor/nest-kit/testing';
import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import { pino } from 'pino';
import { z } from 'zod';
import { createEventKitClient, type EventKitClient } from './support/event-kit-client.js';
import { sleep, waitFor } from './support/wait-for.js';

const migrationsDir = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));
const logger = pino({ level: 'silent' });
// Unique per run: other engineers' test runs share this NATS server.
const run = `t${randomBytes(4).toString('hex')}`;
const stream = { name: `TEST_EVENTS_${run.toUpperCase()}`, subjects: [`events.${run}.>`] };
const eventType = (name: string) => `${run}.${name}.v1`;

/** The consumer settings the provisioning step holds, for a test's own durable. */
type ProvisionedOptions<T> = EventConsumerOptions<T> & { ackWaitMs?: number; maxAckPending?: number };

/** What the deploy step does for a durable (`ensureConsumer`), then the consumer as a service starts it. */
async function startProvisioned<T>(options: ProvisionedOptions<T>) {
  const {
    ackWaitMs = ConsumerServerDefaults.ackWaitMs,
    maxAckPending = ConsumerServerDefaults.maxAckPending,
    ...consumer
  } = options;
  const { stream, durable, filterSubject } = consumer;
  await ensureConsumer(consumer.nc, { stream, durable, filterSubject, ackWaitMs, maxAckPending });
  return startConsumer(consumer);
}

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
  const consume = async (options: Omit<ProvisionedOptions<unknown>, 'nc' | 'logger' | 'stream' | 'schema'>) => {
    const handle = await startProvisioned({ nc, logger, stream: stream.name, schema: z.unknown(), ...options });
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

  /** A logger whose warn and error lines the test reads. */
  const capturingLogger = () => {
    const lines: Array<{ msg: string; problem?: string }> = [];
    const capture = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    return { capture, lines };
  };

  it('waits for a consumer not provisioned yet, naming the command that creates it, then consumes', async () => {
    const { capture, lines } = capturingLogger();
    const type = eventType('not_provisioned');
    const durable = newDurable('unprovisioned');
    const handled: string[] = [];
    const handle = await startConsumer({
      nc,
      logger: capture,
      stream: stream.name,
      durable,
      filterSubject: eventSubject(type),
      schema: z.unknown(),
      handle: async (event) => {
        handled.push(event.id);
        return 'processed';
      },
    });
    cleanups.push(() => handle.stop());
    expect(lines).toContainEqual(
      expect.objectContaining({
        problem: 'no such consumer',
        msg: expect.stringContaining('run `npm run events -- provision`'),
      }),
    );
    // The app created nothing.
    await expect(jsm.consumers.info(stream.name, durable)).rejects.toThrow(/consumer not found/);

    await ensureConsumer(nc, {
      stream: stream.name,
      durable,
      filterSubject: eventSubject(type),
      ...ConsumerServerDefaults,
    });
    const envelope = newEvent(type, 1, {}, null);
    await jetstream(nc).publish(eventSubject(type), JSON.stringify(envelope), { msgID: envelope.id });
    await waitFor('the event, once provisioned', () => handled.includes(envelope.id));
  });

  it('does not read a consumer provisioned with another filter than its own', async () => {
    const { capture, lines } = capturingLogger();
    const type = eventType('misprovisioned');
    const durable = newDurable('misprovisioned');
    const wide = { stream: stream.name, durable, filterSubject: `events.${run}.>`, ...ConsumerServerDefaults };
    await ensureConsumer(nc, wide);
    const handled: string[] = [];
    const handle = await startConsumer({
      nc,
      logger: capture,
      stream: stream.name,
      durable,
      filterSubject: eventSubject(type),
      schema: z.unknown(),
      handle: async (event) => {
        handled.push(event.id);
        return 'processed';
      },
    });
    cleanups.push(() => handle.stop());
    expect(lines).toContainEqual(
      expect.objectContaining({
        problem: `the consumer filters events.${run}.>, this code reads ${eventSubject(type)}`,
        msg: expect.stringContaining('npm run events -- provision'),
      }),
    );
    const other = newEvent(eventType('someone_elses'), 1, {}, null);
    await jetstream(nc).publish(eventSubject(other.type), JSON.stringify(other), { msgID: other.id });

    // Provisioning puts the registry's filter back; the consumer then reads its own event only.
    expect(await ensureConsumer(nc, { ...wide, filterSubject: eventSubject(type) })).toBe('updated');
    const envelope = newEvent(type, 1, {}, null);
    await jetstream(nc).publish(eventSubject(type), JSON.stringify(envelope), { msgID: envelope.id });
    await waitFor('its own event', () => handled.includes(envelope.id));
    expect(handled).toEqual([envelope.id]);
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
      filterSubject: eventSubject(envelope.type),
      handle: async (event) => {
        received.push(event);
        return creditOnce(durable, event);
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
      filterSubject: eventSubject(envelope.type),
      handle: async (event) => {
        results.push(await creditOnce(durable, event));
        return results.at(-1)!;
      },
    });

    const js = jetstream(nc);
    await js.publish(eventSubject(envelope.type), JSON.stringify(envelope), { msgID: envelope.id });
    // Past JetStream's window the same event arrives under a new message id.
    await js.publish(eventSubject(envelope.type), JSON.stringify(envelope), { msgID: `${envelope.id}-late` });

    await waitFor('both deliveries', () => results.length === 2);
    expect(results).toEqual(['processed', 'duplicate']);
    expect(await credits(envelope.id)).toBe(1);
  });

  /** A consumer whose effect credits once, recording what each delivery came to. */
  const crediting = (durable: string, results: HandleOnceResult[]) => async (event: EventEnvelope) => {
    const result = await creditOnce(durable, event);
    results.push(result);
    return result;
  };
  const deadLetter = (durable: string) =>
    waitFor('the dead letter', () =>
      jsm.streams.getMessage(DeadLetterStream.name, { last_by_subj: deadLetterSubject(durable) }).catch(() => null),
    );
  const publishEvent = async (envelope: EventEnvelope, headerValues: Record<string, string> = {}) => {
    const extra = headers();
    for (const [key, value] of Object.entries(headerValues)) extra.set(key, value);
    await jetstream(nc).publish(eventSubject(envelope.type), JSON.stringify(envelope), { headers: extra });
  };
  const ackPending = async (durable: string) => (await jsm.consumers.info(stream.name, durable)).num_ack_pending;

  it('keeps a long handler’s delivery from going to another replica while it runs (in-progress acks)', async () => {
    const envelope = newEvent(eventType('long_handler'), 1, {}, null);
    const durable = newDurable('long');
    const results: HandleOnceResult[] = [];
    let calls = 0;
    const credit = crediting(durable, results);
    // Two replicas share the durable; the handler takes three ack waits.
    const handle = async (event: EventEnvelope) => {
      calls += 1;
      await sleep(1_500);
      return credit(event);
    };
    const options = { durable, filterSubject: eventSubject(envelope.type), ackWaitMs: 500, handle };
    await consume(options);
    await consume(options);

    await publishEvent(envelope);

    await waitFor('the effect', () => results.length === 1);
    await waitFor('the ack', async () => (await ackPending(durable)) === 0);
    await sleep(700);
    expect(calls).toBe(1);
    expect(results).toEqual(['processed']);
  });

  it('changes nothing when a restarted consumer gets an event whose ack was lost', async () => {
    const envelope = newEvent(eventType('user_registered'), 1, { userId: 5 }, null);
    const durable = newDurable('restart');
    const results: HandleOnceResult[] = [];
    const options = { durable, filterSubject: eventSubject(envelope.type), ackWaitMs: 1_000, logger };
    // The first process dies after committing the effect and before its ack leaves.
    const doomed = await connect({ servers: await testNatsUrl() });
    const first = await startProvisioned({
      ...options,
      nc: doomed,
      stream: stream.name,
      schema: z.unknown(),
      handle: async (event) => {
        const result = await creditOnce(durable, event);
        results.push(result);
        await doomed.close();
        return result;
      },
    });
    await commitWithEvent(envelope);
    await relayPass();
    await waitFor('the first attempt', () => doomed.isClosed());
    await first.stop();

    await consume({ ...options, handle: crediting(durable, results) });

    await waitFor('the redelivery', () => results.length === 2);
    expect(results).toEqual(['processed', 'duplicate']);
    expect(await credits(envelope.id)).toBe(1);
  });

  it('hands the events a crashed consumer held to another one within the ack wait', async () => {
    const durable = newDurable('crash');
    const type = eventType('crash_held');
    const events = Array.from({ length: 10 }, (_, index) => newEvent(type, 1, { index }, null));
    const options = { durable, filterSubject: eventSubject(type), logger, stream: stream.name, schema: z.unknown() };
    // The first process takes the ten events (one in hand, the rest fetched ahead) and dies. Its
    // handler is let go after the test: a real crash ends the process, a test's would keep it alive.
    const doomed = await connect({ servers: await testNatsUrl() });
    let letGo = () => undefined as void;
    const stuck = new Promise<HandledOutcome>((resolve) => (letGo = () => resolve('processed')));
    cleanups.push(async () => letGo());
    await startProvisioned({ ...options, nc: doomed, prefetch: 10, handle: () => stuck });
    for (const event of events) await publishEvent(event);
    await waitFor('the events in the doomed consumer’s hands', async () => (await ackPending(durable)) === 10);
    const crashedAt = Date.now();
    await doomed.close();

    const results: HandleOnceResult[] = [];
    await consume({ durable, filterSubject: eventSubject(type), handle: crediting(durable, results) });

    await waitFor('every event credited', () => results.length === 10, 15_000);
    const seconds = (Date.now() - crashedAt) / 1_000;
    console.info(`crash recovery: 10 held events credited ${seconds.toFixed(1)} s after the crash`);
    // Redelivered when the first ack wait ends, not a cycle later: the crediting after it has the
    // rest of a second ack wait, as a loaded CI machine needs (6.7 s once, against 6 s allowed then).
    expect(seconds).toBeLessThan((2 * ConsumerServerDefaults.ackWaitMs) / 1_000);
    expect(results.every((result) => result === 'processed')).toBe(true);
  });

  it('stops without holding events: the one in hand finishes, the ones fetched ahead go to a replica at once', async () => {
    const durable = newDurable('graceful');
    const type = eventType('graceful_stop');
    const events = Array.from({ length: 5 }, (_, index) => newEvent(type, 1, { index }, null));
    const first: HandleOnceResult[] = [];
    const credit = crediting(durable, first);
    let inHand: () => void = () => undefined;
    const handling = new Promise<void>((resolve) => (inHand = resolve));
    // A process of its own; a long ack wait: only the nak at stop can explain a quick handover.
    const leavingNc = await connect({ servers: await testNatsUrl() });
    const leaving = await startProvisioned({
      durable,
      filterSubject: eventSubject(type),
      logger,
      nc: leavingNc,
      stream: stream.name,
      schema: z.unknown(),
      ackWaitMs: 30_000,
      handle: async (event) => {
        inHand();
        await sleep(500);
        return credit(event);
      },
    });
    for (const event of events) await publishEvent(event);
    await handling;
    await waitFor('the events fetched ahead', async () => (await ackPending(durable)) === 5);
    await leaving.stop();
    await leavingNc.drain();
    expect(first).toEqual(['processed']);

    const second: HandleOnceResult[] = [];
    const secondCredit = crediting(durable, second);
    await consume({
      durable,
      filterSubject: eventSubject(type),
      ackWaitMs: 30_000,
      handle: secondCredit,
    });
    // Within the 30 s ack wait only a nak can hand an event over, so any event handed over before then
    // came through a nak. nats-server 2.9 loses some naks that meet the stopped consumer's unexpired pull
    // request (those come back after the ack wait), so this waits for the first and counts the
    // handovers rather than expecting all four. The wait is a bound, not a fixed 2 s: a loaded CI machine.
    const stoppedAt = Date.now();
    await waitFor('an event handed over', () => second.includes('processed'), 15_000);
    const handedOver = second.filter((result) => result === 'processed').length;
    const seconds = ((Date.now() - stoppedAt) / 1_000).toFixed(1);
    console.info(
      `graceful stop: ${handedOver} of the 4 events fetched ahead handled by the other replica within ${seconds} s`,
    );
    expect(handedOver).toBeGreaterThanOrEqual(1);
    for (const event of events) expect(await credits(event.id)).toBeLessThanOrEqual(1);
  });

  it('retries a transient failure past the attempt limit and never dead-letters it', async () => {
    const envelope = newEvent(eventType('database_down'), 1, {}, null);
    const durable = newDurable('transient');
    const results: HandleOnceResult[] = [];
    const credit = crediting(durable, results);
    let failures = 0;
    await consume({
      durable,
      filterSubject: eventSubject(envelope.type),
      maxAttempts: 2,
      retryDelayMs: 20,
      handle: async (event) => {
        if (failures < 5) {
          failures += 1;
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        }
        return credit(event);
      },
    });

    await publishEvent(envelope);

    await waitFor('the effect once the database is back', () => results.length === 1);
    expect(results).toEqual(['processed']);
    expect(failures).toBe(5);
    expect(
      await jsm.streams.getMessage(DeadLetterStream.name, { last_by_subj: deadLetterSubject(durable) }),
    ).toBeNull();
  });

  it('dead-letters a handler that keeps failing for another cause at the attempt limit, with the original', async () => {
    const envelope = newEvent(eventType('poison_arrived'), 1, { oops: true }, 'corr-poison');
    const durable = newDurable('poison');
    const attempts: number[] = [];
    await consume({
      durable,
      filterSubject: eventSubject(envelope.type),
      maxAttempts: 3,
      retryDelayMs: 20,
      handle: async () => {
        attempts.push(Date.now());
        throw new Error('cannot handle\nthis event');
      },
    });
    await commitWithEvent(envelope);
    await relayPass();

    const letter = await deadLetter(durable);
    expect(letter.json()).toEqual(envelope);
    expect(letter.header.get(DeadLetterHeaders.reason)).toBe(`${DeadLetterReasons.handlerFailed} at delivery 3`);
    expect(letter.header.get(DeadLetterHeaders.error)).toBe('Error: cannot handle this event');
    expect(letter.header.get(DeadLetterHeaders.deliveries)).toBe('3');
    expect(letter.header.get(DeadLetterHeaders.subject)).toBe(eventSubject(envelope.type));
    expect(letter.header.get(DeadLetterHeaders.stream)).toBe(stream.name);
    expect(letter.header.get(DeadLetterHeaders.consumer)).toBe(durable);
    expect(letter.header.get('Nats-Msg-Id')).toBe(
      `${stream.name}:${durable}:${letter.header.get(DeadLetterHeaders.streamSequence)}`,
    );
    await waitFor('the term', async () => (await ackPending(durable)) === 0);
    await sleep(200);
    expect(attempts).toHaveLength(3);
    expect((await jsm.consumers.info(stream.name, durable)).num_pending).toBe(0);
  });

  it.each([
    ['unparsable JSON', '{"id":', DeadLetterReasons.unparsable],
    ['an invalid envelope', '{"id":"not-a-uuid"}', DeadLetterReasons.invalidEnvelope],
    [
      'data failing the event schema',
      JSON.stringify(newEvent('x.y.v1', 1, { paymentId: 'not-a-number' }, null)),
      DeadLetterReasons.invalidData,
    ],
  ])('dead-letters %s on its first delivery, with the reason', async (_label, payload, reason) => {
    const subject = eventSubject(eventType(`garbled_${reason.replace(/\W/g, '_')}`));
    const durable = newDurable(`garbled_${reason.replace(/\W/g, '_')}`);
    let calls = 0;
    await startProvisioned({
      nc,
      logger,
      stream: stream.name,
      durable,
      filterSubject: subject,
      schema: z.object({ paymentId: z.number() }),
      handle: async () => {
        calls += 1;
        return 'processed';
      },
    }).then((handle) => cleanups.push(() => handle.stop()));

    await jetstream(nc).publish(subject, payload);

    const letter = await deadLetter(durable);
    expect(letter.string()).toBe(payload);
    expect(letter.header.get(DeadLetterHeaders.reason)).toBe(reason);
    expect(letter.header.get(DeadLetterHeaders.error)).not.toBe('');
    expect(letter.header.get(DeadLetterHeaders.deliveries)).toBe('1');
    expect(calls).toBe(0);
  });

  it('handles a replayed dead letter only in the consumer it names; the others ack it unseen', async () => {
    const type = eventType('replayed');
    const envelope = newEvent(type, 1, {}, null);
    const named = newDurable('replay_named');
    const other = newDurable('replay_other');
    const namedResults: HandleOnceResult[] = [];
    let otherCalls = 0;
    await consume({ durable: named, filterSubject: eventSubject(type), handle: crediting(named, namedResults) });
    await consume({
      durable: other,
      filterSubject: eventSubject(type),
      handle: async () => {
        otherCalls += 1;
        return 'processed';
      },
    });

    await publishEvent(envelope, { [ReplayForConsumerHeader]: named });

    await waitFor('the replay handled', () => namedResults.length === 1);
    await waitFor('the other consumer’s ack', async () => {
      const info = await jsm.consumers.info(stream.name, other);
      return info.num_ack_pending === 0 && info.num_pending === 0 && info.delivered.stream_seq > 0;
    });
    expect(namedResults).toEqual(['processed']);
    expect(otherCalls).toBe(0);
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
  it('prunes published outbox rows and inbox rows past the retention, in batches, and keeps the rest', async () => {
    const old = newEvent(eventType('pruned'), 1, {}, null);
    const waiting = newEvent(eventType('never_published'), 1, {}, null);
    const recent = newEvent(eventType('recent'), 1, {}, null);
    for (const envelope of [old, waiting, recent]) await commitWithEvent(envelope);
    const durable = newDurable('pruned');
    for (const envelope of [old, recent]) await creditOnce(durable, envelope);
    await pool.query("UPDATE outbox_events SET published_at = now() - interval '8 days' WHERE id = ANY($1::uuid[])", [
      [old.id],
    ]);
    // Unpublished, however old: the relay still owes it to the stream.
    await pool.query("UPDATE outbox_events SET created_at = now() - interval '30 days' WHERE id = $1", [waiting.id]);
    await pool.query(
      "UPDATE inbox_events SET processed_at = now() - interval '8 days' WHERE consumer = $1 AND event_id = $2",
      [durable, old.id],
    );
    await pool.query('UPDATE outbox_events SET published_at = now() WHERE id = $1', [recent.id]);
    const stale = async () =>
      Number(
        (
          await pool.query(
            `SELECT (SELECT count(*) FROM outbox_events WHERE published_at < now() - interval '7 days')
                  + (SELECT count(*) FROM inbox_events WHERE processed_at < now() - interval '7 days') AS n`,
          )
        ).rows[0].n,
      );
    expect(await stale()).toBeGreaterThanOrEqual(2);

    const result = await new EventPruner({ pool, logger, retentionDays: 7, batchSize: 1 }).prune();

    expect(result.outbox).toBeGreaterThanOrEqual(1);
    expect(result.inbox).toBeGreaterThanOrEqual(1);
    expect(await stale()).toBe(0);
    const outboxIds = (
      await pool.query('SELECT id FROM outbox_events WHERE id = ANY($1::uuid[])', [[old.id, waiting.id, recent.id]])
    ).rows.map((row) => row.id);
    expect(outboxIds.sort()).toEqual([waiting.id, recent.id].sort());
    const inboxIds = (await pool.query('SELECT event_id FROM inbox_events WHERE consumer = $1', [durable])).rows.map(
      (row) => row.event_id,
    );
    expect(inboxIds).toEqual([recent.id]);
  });
});
