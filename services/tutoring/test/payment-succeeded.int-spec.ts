import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventStreams, EventTypes, eventSubject, type PaymentSucceededV1 } from '@medtutor/contracts';
import { startService, newEvent } from '@medtutor/nest-kit';
import {
  createTestDatabase,
  startTestNats,
  type TestDatabase,
  type TestNats,
  eventually,
  sql,
} from '@medtutor/nest-kit/testing';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { INestMicroservice } from '@nestjs/common';
import { pino } from 'pino';
import { tutoring } from '../src/service.js';
import { PAYMENT_SUCCEEDED_CONSUMER } from '../src/modules/packages/payment-succeeded.consumer.js';
import { MIGRATIONS_DIR, testConfig } from './support/harness.js';

const logger = pino({ level: 'silent' });

const payment = (overrides: Partial<PaymentSucceededV1> = {}): PaymentSucceededV1 => ({
  paymentId: randomUUID(),
  userId: 42,
  subject: 'Medical School Interviews',
  packageType: 'package10',
  packageName: '10 Sessions Package',
  hours: 10,
  currency: 'GBP',
  amount: 50000,
  discountCode: null,
  provider: 'stripe',
  paidAt: '2026-11-20T10:15:00.000Z',
  ...overrides,
});

describe('payments.payment_succeeded.v1 consumer (real JetStream and PostgreSQL)', () => {
  let db: TestDatabase;
  let nats: TestNats;
  let nc: NatsConnection;
  let app: INestMicroservice | undefined;
  let mailDir: string;

  const start = async () => {
    app = await startService(
      tutoring,
      testConfig({ TUTORING_DATABASE_URL: db.url, NATS_URL: nats.url }, mailDir),
      logger,
    );
  };
  const stop = async () => {
    await app?.close();
    app = undefined;
  };
  /** Published without a message id, so JetStream stores every copy: a real redelivery in effect. */
  const publish = async (data: PaymentSucceededV1, eventId = randomUUID()) => {
    const envelope = { ...newEvent(EventTypes.paymentSucceeded, 1, data, 'payment-test'), id: eventId };
    await jetstream(nc).publish(eventSubject(EventTypes.paymentSucceeded), JSON.stringify(envelope));
    return envelope;
  };
  const packagesOf = (paymentId: string) =>
    sql<{
      user_id: number;
      total_hours: string;
      original_hours: string;
      used_hours: string;
      package_name: string;
      purchase_date: Date;
    }>(
      db.url,
      'SELECT user_id, total_hours, original_hours, used_hours, package_name, purchase_date FROM user_sessions WHERE payment_id = $1',
      [paymentId],
    );
  const inboxRows = async (eventId: string) =>
    Number(
      (
        await sql<{ count: string }>(
          db.url,
          'SELECT count(*) FROM inbox_events WHERE consumer = $1 AND event_id = $2',
          [PAYMENT_SUCCEEDED_CONSUMER, eventId],
        )
      )[0]!.count,
    );

  beforeAll(async () => {
    db = await createTestDatabase('tutoring_payments', MIGRATIONS_DIR);
    nats = await startTestNats();
    nc = await connect({ servers: nats.url });
    mailDir = await mkdtemp(join(tmpdir(), 'tutoring-mail-'));
    await start();
  });

  afterAll(async () => {
    await stop();
    await nc.close();
    await db.drop();
    await nats.stop();
  });

  it('creates the package from the event: hours, name, subject and purchase date', async () => {
    const data = payment();
    await publish(data);
    const [row] = await eventually(
      async () => {
        const rows = await packagesOf(data.paymentId);
        return rows.length ? rows : undefined;
      },
      15_000,
      'the package',
    );
    expect(row).toMatchObject({
      user_id: 42,
      total_hours: '10.0',
      original_hours: '10.0',
      used_hours: '0.0',
      package_name: '10 Sessions Package',
    });
    expect(row!.purchase_date.toISOString()).toBe(data.paidAt);
  }, 30_000);

  it("keeps the buyer's address as its request key, so the retention job keeps the buyer's requests", async () => {
    const withAddress = payment({ buyerEmail: ' Buyer@Example.COM ' });
    const withoutAddress = payment();
    await publish(withAddress);
    await publish(withoutAddress);
    const keyOf = async (paymentId: string) =>
      (
        await sql<{ key: string | null }>(
          db.url,
          'SELECT buyer_email_key AS key FROM user_sessions WHERE payment_id = $1',
          [paymentId],
        )
      )[0];

    expect(await eventually(() => keyOf(withAddress.paymentId), 15_000, 'the package')).toEqual({
      key: 'buyer@example.com',
    });
    // An event published before it carried the address.
    expect(await eventually(() => keyOf(withoutAddress.paymentId), 15_000, 'the package')).toEqual({ key: null });
  }, 30_000);

  it('credits a payment once when the same event arrives twice, across a restart of the consumer', async () => {
    const data = payment({ hours: 5, packageName: '5 Sessions Package' });
    const first = await publish(data);
    await eventually(async () => (await inboxRows(first.id)) === 1, 15_000, 'the first delivery');

    await stop();
    // The duplicate waits in the stream while the service is down; the durable consumer finds it at start.
    await publish(data, first.id);
    // The same payment under a new event id (a producer retry): the unique paymentId still holds.
    const retry = await publish(data);
    await start();

    await eventually(async () => (await inboxRows(retry.id)) === 1, 15_000, 'the retried event');
    // Every stored copy acknowledged: the consumer's ack floor reached the stream's last message.
    const drained = async () => {
      const jsm = await jetstreamManager(nc);
      const stream = await jsm.streams.info(EventStreams.catalogPayments.name);
      const consumer = await jsm.consumers.info(EventStreams.catalogPayments.name, PAYMENT_SUCCEEDED_CONSUMER);
      return consumer.ack_floor.stream_seq >= stream.state.last_seq;
    };
    await eventually(drained, 15_000, 'the stream to be drained');
    expect(await packagesOf(data.paymentId)).toHaveLength(1);
    expect(await inboxRows(first.id)).toBe(1);
  }, 60_000);
});
