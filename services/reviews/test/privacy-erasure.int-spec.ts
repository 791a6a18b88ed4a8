import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventTypes, type UserErasedV1 } from '@medtutor/contracts';
import { publishAndAwait, type ServiceUnderTest, sql } from '@medtutor/nest-kit/testing';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { REVIEWS_USER_ERASED_CONSUMER } from '../src/modules/privacy-erasure/user-erased.consumer.js';
import { startReviewsUnderTest } from './support/reviews-under-test.js';

const STUDENT = 51;
const OTHER = 52;

/**
 * Issue 26: reviews' part of an erasure. The person's testimonials go, whether submitted signed in or
 * as a visitor with their address, approved or not, and so do their purchase records (the badge's
 * basis); everyone else's stay; a second event changes nothing more.
 */
describe('identity.user_erased.v1 in reviews', () => {
  let service: ServiceUnderTest;
  let nc: NatsConnection;
  const erased: UserErasedV1 = { userId: STUDENT, email: 'sam.lee@example.com', erasedAt: new Date().toISOString() };
  const erase = () => publishAndAwait(nc, service.db.url, REVIEWS_USER_ERASED_CONSUMER, EventTypes.userErased, erased);

  const insertTestimonial = (name: string, email: string, submittedBy: number | null, approved: boolean) =>
    sql(
      service.db.url,
      `INSERT INTO testimonials (name, title, content, email, submitted_by, is_approved)
       VALUES ($1, 'Student', 'Great tutors', $2, $3, $4)`,
      [name, email, submittedBy, approved],
    );
  const insertPurchase = async (userId: number) => {
    const paymentId = randomUUID();
    await sql(service.db.url, 'INSERT INTO purchases (payment_id, user_id, paid_at) VALUES ($1, $2, now())', [
      paymentId,
      userId,
    ]);
    await sql(service.db.url, "INSERT INTO purchase_disputes (dispute_id, payment_id, status) VALUES ($1, $2, 'won')", [
      `dp_${paymentId}`,
      paymentId,
    ]);
    await sql(service.db.url, 'INSERT INTO paid_users (user_id, first_paid_at) VALUES ($1, now())', [userId]);
  };

  beforeAll(async () => {
    service = await startReviewsUnderTest('reviews_privacy_erasure');
    nc = await connect({ servers: service.nats.url });
    await insertTestimonial('Sam L.', 'sam.lee@example.com', STUDENT, true);
    await insertTestimonial('Sam', 'sam.lee@example.com', null, false); // as a visitor, before registering
    await insertTestimonial('Ben O.', 'ben@example.com', OTHER, true);
    await insertPurchase(STUDENT);
    await insertPurchase(OTHER);
  });

  afterAll(async () => {
    await nc?.close();
    await service?.stop();
  });

  const state = async () => ({
    testimonials: await sql(service.db.url, 'SELECT name, submitted_by FROM testimonials ORDER BY id'),
    purchases: await sql(service.db.url, 'SELECT user_id FROM purchases ORDER BY user_id'),
    disputes: await sql(service.db.url, 'SELECT count(*)::int AS n FROM purchase_disputes'),
    paidUsers: await sql(service.db.url, 'SELECT user_id FROM paid_users ORDER BY user_id'),
  });

  it("removes the person's testimonials and purchase records, and only theirs", async () => {
    await erase();
    expect(await state()).toEqual({
      testimonials: [{ name: 'Ben O.', submitted_by: OTHER }],
      purchases: [{ user_id: OTHER }],
      disputes: [{ n: 1 }],
      paidUsers: [{ user_id: OTHER }],
    });
  });

  it('changes nothing on a second event', async () => {
    const before = await state();
    await erase();
    expect(await state()).toEqual(before);
  });
});
