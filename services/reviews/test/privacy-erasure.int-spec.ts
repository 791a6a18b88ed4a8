import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventTypes, type UserErasedV1 } from '@medtutor/contracts';
import { publishAndAwait, type ServiceUnderTest, sql } from '@medtutor/nest-kit/testing';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { REVIEWS_USER_ERASED_CONSUMER } from '../src/modules/privacy-erasure/user-erased.consumer.js';
import { startReviewsUnderTest } from './support/reviews-under-test.js';

const STUDENT = 51;
const OTHER = 52;
const PENDING_ONLY = 53;

/**
 * Issue 26: reviews' part of an erasure. The person's testimonials go, whether submitted signed in or
 * as a visitor with their address, approved or not, and so do their purchase records (the badge's
 * basis); everyone else's stay; a second event changes nothing more. Holders of the public list are
 * told only when a published story went.
 */
describe('identity.user_erased.v1 in reviews', () => {
  let service: ServiceUnderTest;
  let nc: NatsConnection;
  const erased: UserErasedV1 = { userId: STUDENT, email: 'sam.lee@example.com', erasedAt: new Date().toISOString() };
  const erase = (event: UserErasedV1 = erased) =>
    publishAndAwait(nc, service.db.url, REVIEWS_USER_ERASED_CONSUMER, EventTypes.userErased, event);
  /** What reviews told holders of the public list, oldest first. */
  const listChanges = async () =>
    (
      await sql<{ payload: { data: unknown } }>(
        service.db.url,
        'SELECT payload FROM outbox_events WHERE type = $1 ORDER BY created_at',
        [EventTypes.publishedTestimonialsChanged],
      )
    ).map((row) => row.payload.data);

  let publishedStory: number;
  const insertTestimonial = async (name: string, email: string, submittedBy: number | null, approved: boolean) =>
    (
      await sql<{ id: number }>(
        service.db.url,
        `INSERT INTO testimonials (name, title, content, email, submitted_by, is_approved)
         VALUES ($1, 'Student', 'Great tutors', $2, $3, $4) RETURNING id`,
        [name, email, submittedBy, approved],
      )
    )[0]!.id;
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
    publishedStory = await insertTestimonial('Sam L.', 'sam.lee@example.com', STUDENT, true);
    await insertTestimonial('Sam', 'sam.lee@example.com', null, false); // as a visitor, before registering
    await insertTestimonial('Ben O.', 'ben@example.com', OTHER, true);
    await insertTestimonial('Pat', 'pat@example.com', PENDING_ONLY, false);
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
      testimonials: [
        { name: 'Ben O.', submitted_by: OTHER },
        { name: 'Pat', submitted_by: PENDING_ONLY },
      ],
      purchases: [{ user_id: OTHER }],
      disputes: [{ n: 1 }],
      paidUsers: [{ user_id: OTHER }],
    });
    // Of the two stories erased only the approved one was public.
    expect(await listChanges()).toEqual([{ cause: 'erased', testimonialIds: [publishedStory] }]);
  });

  it('changes nothing on a second event', async () => {
    const before = await state();
    await erase();
    expect(await state()).toEqual(before);
    expect(await listChanges()).toHaveLength(1);
  });

  it('announces nothing when none of the erased stories was public', async () => {
    await erase({ userId: PENDING_ONLY, email: 'pat@example.com', erasedAt: new Date().toISOString() });
    expect((await state()).testimonials).toEqual([{ name: 'Ben O.', submitted_by: OTHER }]);
    expect(await listChanges()).toHaveLength(1);
  });
});
