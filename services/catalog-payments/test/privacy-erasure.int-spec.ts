import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventTypes, type UserErasedV1 } from '@medtutor/contracts';
import { publishAndAwait, sql } from '@medtutor/nest-kit/testing';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { PAYMENTS_USER_ERASED_CONSUMER } from '../src/modules/privacy-erasure/user-erased.consumer.js';
import { type PaymentsHarness, startPaymentsService } from './support/payments-harness.js';

const STUDENT = 41;
const OTHER = 42;

/**
 * Issue 26: catalog-payments' part of an erasure. Payment records stay for the accounting period
 * (amounts, dates, refunds) without the buyer's name and email; emails queued to the address go;
 * a second event changes nothing more.
 */
describe('identity.user_erased.v1 in catalog-payments', () => {
  let harness: PaymentsHarness;
  let nc: NatsConnection;
  const url = () => harness.service.db.url;
  const erased: UserErasedV1 = { userId: STUDENT, email: 'sam.lee@example.com', erasedAt: new Date().toISOString() };
  const erase = (id?: string) =>
    publishAndAwait(nc, url(), PAYMENTS_USER_ERASED_CONSUMER, EventTypes.userErased, erased, id);

  const insertPayment = async (userId: number, email: string, name: string) => {
    const id = randomUUID();
    await sql(
      url(),
      `INSERT INTO payments (id, user_id, buyer_email, buyer_name, subject, package_type, package_name, hours, currency,
         amount_minor, original_amount_minor, discount_minor, provider, status, paid_at, refunded_minor)
       VALUES ($1, $2, $3, $4, 'UCAT', 'package5', '5 Hours Package', 5, 'GBP', 19000, 19000, 0, 'demo', 'succeeded',
         now(), 5000)`,
      [id, userId, email, name],
    );
    await sql(url(), "INSERT INTO refunds (id, payment_id, amount_minor, status) VALUES ($1, $2, 5000, 'succeeded')", [
      randomUUID(),
      id,
    ]);
    return id;
  };

  beforeAll(async () => {
    harness = await startPaymentsService('payments_privacy_erasure', { PAYMENTS_PROVIDER: 'demo' });
    nc = await connect({ servers: harness.service.nats.url });
    await insertPayment(STUDENT, 'Sam.Lee@example.com', 'Sam Lee');
    await insertPayment(STUDENT, 'sam.lee@example.com', 'Sam Lee');
    await insertPayment(OTHER, 'ben@example.com', 'Ben Okafor');
    await sql(
      url(),
      `INSERT INTO outbound_emails (id, to_address, subject, text, html, next_attempt_at)
       VALUES (gen_random_uuid(), 'SAM.LEE@example.com', 'Your refund', 't', 'h', now() + interval '1 day'),
              (gen_random_uuid(), 'ben@example.com', 'Your refund', 't', 'h', now() + interval '1 day')`,
    );
    await sql(
      url(),
      `INSERT INTO student_consents (user_id, state, version, updated_at)
       VALUES ($1, 'consent_given', 3, now()), ($2, 'adult', 1, now())
       ON CONFLICT (user_id) DO UPDATE SET state = EXCLUDED.state, version = EXCLUDED.version`,
      [STUDENT, OTHER],
    );
  });

  afterAll(async () => {
    await nc?.close();
    await harness?.stop();
  });

  const payments = () =>
    sql(
      url(),
      `SELECT p.user_id, p.buyer_email, p.buyer_name, p.amount_minor, p.refunded_minor, p.status, count(r.id)::int AS refunds
         FROM payments p LEFT JOIN refunds r ON r.payment_id = p.id GROUP BY p.id ORDER BY p.user_id, p.created_at`,
    );

  it("keeps the payment records without the buyer's details, and drops the emails queued to them", async () => {
    await erase();
    const kept = { amount_minor: 19000, refunded_minor: 5000, status: 'succeeded', refunds: 1 };
    expect(await payments()).toEqual([
      { user_id: STUDENT, buyer_email: null, buyer_name: null, ...kept },
      { user_id: STUDENT, buyer_email: null, buyer_name: null, ...kept },
      { user_id: OTHER, buyer_email: 'ben@example.com', buyer_name: 'Ben Okafor', ...kept },
    ]);
    expect(await sql(url(), 'SELECT to_address FROM outbound_emails')).toEqual([{ to_address: 'ben@example.com' }]);
    expect(await sql(url(), 'SELECT user_id FROM student_consents ORDER BY user_id')).toEqual([{ user_id: OTHER }]);
  });

  it('changes nothing on a second event', async () => {
    const before = await payments();
    await erase();
    expect(await payments()).toEqual(before);
    expect(await sql(url(), 'SELECT count(*)::int AS n FROM outbound_emails')).toEqual([{ n: 1 }]);
  });
});
