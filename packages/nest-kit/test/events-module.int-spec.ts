import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import {
  EventStreams,
  EventTypes,
  eventSubject,
  type PaymentSucceededV1,
  PaymentSucceededV1Schema,
  PlatformConsumers,
} from '@medtutor/contracts';
import {
  EventConsumers,
  EventKitModule,
  newEvent,
  OutboxRelay,
  PlatformStreams,
  StreamLimits,
  writeOutbox,
} from '@medtutor/nest-kit';
import {
  createTestDatabase,
  startRestartableNats,
  type RestartableNats,
  type TestDatabase,
} from '@medtutor/nest-kit/testing';
import { AckPolicy, DiscardPolicy, jetstreamManager } from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import pg from 'pg';
import { pino } from 'pino';
import { createEventKitClient, type EventKitClient } from './support/event-kit-client.js';
import { sleep, waitFor } from './support/wait-for.js';

const migrationsDir = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));
const logger = pino({ level: 'silent' });
/** A registry consumer, as a service starts it (a service may start only its own). */
const CONSUMER = PlatformConsumers.tutoringPaymentSucceeded;
const DURABLE = CONSUMER.durable;

/** The event kit as a service runs it, on a private nats-server that the tests kill and bring back. */
describe('event kit module against a broker that goes away (real nats-server and PostgreSQL)', () => {
  let db: TestDatabase;
  let prisma: EventKitClient;
  let pool: pg.Pool;
  let nats: RestartableNats;
  let admin: NatsConnection;
  let app: INestApplicationContext;

  const payment = (): PaymentSucceededV1 => ({
    paymentId: crypto.randomUUID(),
    userId: 9,
    subject: 'UCAT',
    packageType: 'package5',
    packageName: '5 Sessions Package',
    hours: 5,
    currency: 'GBP',
    amount: 25_000,
    discountCode: null,
    provider: 'demo',
    paidAt: new Date().toISOString(),
  });
  /** catalog-payments' side: the payment and its event commit together. */
  const pay = async () => {
    const envelope = newEvent(EventTypes.paymentSucceeded, 1, payment(), null);
    await prisma.$transaction((tx) => writeOutbox(tx, envelope));
    return envelope;
  };
  const credited = async (ids: string[]) =>
    Number(
      (await pool.query('SELECT count(*) FROM test_credits WHERE event_id = ANY($1::uuid[])', [ids])).rows[0].count,
    );
  const unpublished = async () =>
    Number((await pool.query('SELECT count(*) FROM outbox_events WHERE published_at IS NULL')).rows[0].count);
  /** What the handler answered, as `afterCommit` received it: once per event, after its commit. */
  const committed: string[] = [];

  const startApp = async (relay: { pollIntervalMs: number }) => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        EventKitModule.forService({
          // Its relay publishes catalog-payments' event too: this server has no users to stop it.
          service: CONSUMER.service,
          databaseUrl: db.url,
          natsUrl: nats.url,
          logger,
          relay,
        }),
      ],
    }).compile();
    const started = await moduleRef.init();
    await started.get(EventConsumers).start({
      consumer: CONSUMER,
      schema: PaymentSucceededV1Schema,
      db: prisma,
      handle: async (tx, data, envelope) => {
        expect(data.hours).toBe(5);
        await tx.$executeRawUnsafe(
          'INSERT INTO test_credits (consumer, event_id) VALUES ($1, $2::uuid)',
          DURABLE,
          envelope.id,
        );
        return envelope.id;
      },
      afterCommit: (eventId) => committed.push(eventId),
    });
    return started;
  };

  beforeAll(async () => {
    db = await createTestDatabase('events_module', migrationsDir);
    pool = new pg.Pool({ connectionString: db.url });
    await pool.query('CREATE TABLE test_credits (consumer TEXT NOT NULL, event_id UUID NOT NULL UNIQUE)');
    prisma = await createEventKitClient(db.url);
    nats = await startRestartableNats();
    admin = await connect({ servers: nats.url, maxReconnectAttempts: -1 });
    app = await startApp({ pollIntervalMs: 250 });
  });

  afterAll(async () => {
    await app?.close();
    await admin?.close();
    await nats?.stop();
    await prisma?.$disconnect();
    await pool?.end();
    await db?.drop();
  });

  it('runs on the provisioned streams and consumer, with their explicit limits and settings', async () => {
    const jsm = await jetstreamManager(admin);
    const { config: stream } = await jsm.streams.info(EventStreams.catalogPayments.name);
    expect(stream).toMatchObject({
      max_age: nanos(StreamLimits.retentionDays * 24 * 60 * 60_000),
      max_bytes: StreamLimits.eventStreamMaxBytes,
      discard: DiscardPolicy.Old,
      duplicate_window: nanos(StreamLimits.duplicateWindowMs),
      num_replicas: 1,
    });
    const { config: consumer } = await jsm.consumers.info(EventStreams.catalogPayments.name, DURABLE);
    expect(consumer).toMatchObject({
      ack_policy: AckPolicy.Explicit,
      ack_wait: nanos(CONSUMER.ackWaitMs),
      max_ack_pending: CONSUMER.maxAckPending,
      max_deliver: -1,
      filter_subject: eventSubject(EventTypes.paymentSucceeded),
    });
    // The provisioning step's streams, and nothing the service added.
    expect((await jsm.streams.names().next()).sort()).toEqual(PlatformStreams.map(({ name }) => name).sort());
  });

  it('credits every payment made while the broker was down, within seconds of its return, without a restart', async () => {
    const before = await pay();
    await waitFor('the first credit', async () => (await credited([before.id])) === 1);

    await nats.kill();
    const during: Awaited<ReturnType<typeof pay>>[] = [];
    for (let index = 0; index < 5; index += 1) {
      during.push(await pay());
      app.get(OutboxRelay).nudge();
      await sleep(1_500);
    }
    // 7.5 s down: the relay's back-off has grown past the time the broker stays away.
    expect(await unpublished()).toBe(5);

    await nats.restart();
    const back = Date.now();
    await waitFor('the outbox published', async () => (await unpublished()) === 0, 15_000);
    const published = (Date.now() - back) / 1_000;
    await waitFor('every payment credited', async () => (await credited(during.map((e) => e.id))) === 5, 15_000);
    const credits = (Date.now() - back) / 1_000;
    console.info(
      `broker outage of 7.5 s: outbox published ${published.toFixed(1)} s and all credited ${credits.toFixed(1)} s after its return`,
    );
    expect(published).toBeLessThan(5);
    expect(credits).toBeLessThan(10);
    expect(committed.sort()).toEqual([before, ...during].map((event) => event.id).sort());
  });

  it('publishes what is still in the outbox when the application shuts down', async () => {
    await app.close();
    // Polling once a minute: only the flush at shutdown can publish the row in time.
    app = await startApp({ pollIntervalMs: 60_000 });
    await sleep(300);
    const last = await pay();
    expect(await unpublished()).toBe(1);

    await app.close();

    expect(await unpublished()).toBe(0);
    const jsm = await jetstreamManager(admin);
    const message = await jsm.streams.getMessage(EventStreams.catalogPayments.name, {
      last_by_subj: eventSubject(EventTypes.paymentSucceeded),
    });
    expect(message?.json()).toEqual(last);
    app = await startApp({ pollIntervalMs: 250 });
  });
});
