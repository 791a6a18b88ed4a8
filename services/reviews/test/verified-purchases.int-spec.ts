import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  type Actor,
  EventStreams,
  EventTypes,
  eventSubject,
  PendingTestimonialListSchema,
  PublicTestimonialListSchema,
  Subjects,
} from '@medtutor/contracts';
import { newEvent } from '@medtutor/nest-kit';
import { eventually, type ServiceUnderTest, type SignedRpc, signedRpc, sql } from '@medtutor/nest-kit/testing';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type pg from 'pg';
import { consumerDrained, paymentSucceeded, startReviewsUnderTest } from './support/reviews-under-test.js';
import { PAYMENT_SUCCEEDED_CONSUMER } from '../src/modules/verified-purchases/payment-succeeded.consumer.js';

const buyer = { userId: 77, role: 'student' } satisfies Actor;
const nonBuyer = { userId: 78, role: 'student' } satisfies Actor;
const admin = { userId: 1, role: 'admin' } satisfies Actor;
const tutor = { userId: 20, role: 'tutor' } satisfies Actor;
const BUYER_EMAIL = 'sarah.johnson@example.com';

const story = (name: string, email = BUYER_EMAIL) => ({
  name,
  title: 'Offer from my first choice',
  content: 'The mock interviews made all the difference.',
  rating: 5,
  email,
});

/**
 * The verified-purchase badge: only a story submitted by a signed-in student who has paid. The
 * typed email plays no part, so typing a buyer's address earns nothing.
 */
describe('verified purchase', () => {
  let service: ServiceUnderTest;
  let nc: NatsConnection;

  let call: SignedRpc['call'];
  const submit = async (body: object, actor: Actor | null): Promise<number> => {
    const { id } = (await call(Subjects.reviews.submitTestimonial, body, actor)) as { id: number };
    await call(Subjects.reviews.approveTestimonial, { id }, admin);
    return id;
  };
  const badges = async (): Promise<Map<number, boolean>> => {
    const list = PublicTestimonialListSchema.parse(await call(Subjects.reviews.listApprovedTestimonials, {}));
    return new Map(list.map((row) => [row.id, row.verifiedPurchase]));
  };
  const query = <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    sql<R>(service.db.url, text, values);
  const publishPayment = async (userId: number) => {
    const envelope = newEvent(EventTypes.paymentSucceeded, 1, paymentSucceeded({ userId }), 'reviews-test');
    await jetstream(nc).publish(eventSubject(EventTypes.paymentSucceeded), JSON.stringify(envelope));
  };
  /** Every published payment consumed: the consumer's ack floor reached the stream's last message. */
  const paymentsApplied = () =>
    eventually(
      consumerDrained(nc, EventStreams.catalogPayments.name, PAYMENT_SUCCEEDED_CONSUMER),
      15_000,
      'the payments to be applied',
    );

  beforeAll(async () => {
    service = await startReviewsUnderTest('reviews_verified');
    ({ call } = signedRpc(service.client, 'reviews-test'));
    nc = await connect({ servers: service.nats.url });
  }, 60_000);

  afterAll(async () => {
    await nc?.close();
    await service?.stop();
  });

  beforeEach(() => service.db.truncate());

  it("gives the badge to the paying student's own story, never to a visitor typing that student's email", async () => {
    await publishPayment(buyer.userId);
    await paymentsApplied();

    const own = await submit(story('Sarah Johnson', 'a.different@address.example'), buyer);
    const impostor = await submit(story('Sarah Johnson'), null);

    const shown = await badges();
    expect(shown.get(own)).toBe(true);
    expect(shown.get(impostor)).toBe(false);
    const pending = PendingTestimonialListSchema.parse(await call(Subjects.reviews.listPendingTestimonials, {}, admin));
    expect(pending).toEqual([]);
    expect(await query('SELECT id, submitted_by FROM testimonials ORDER BY id')).toEqual([
      { id: own, submitted_by: buyer.userId },
      { id: impostor, submitted_by: null },
    ]);
  });

  it('shows the badge on a pending story to the admin, and once approved to the public', async () => {
    await publishPayment(buyer.userId);
    await paymentsApplied();
    const { id } = (await call(Subjects.reviews.submitTestimonial, story('Sarah Johnson'), buyer)) as { id: number };

    const pending = PendingTestimonialListSchema.parse(await call(Subjects.reviews.listPendingTestimonials, {}, admin));
    expect(pending.find((row) => row.id === id)?.verifiedPurchase).toBe(true);
    expect(await call(Subjects.reviews.approveTestimonial, { id }, admin)).toMatchObject({ verifiedPurchase: true });
  });

  it('gives no badge to a signed-in student who has not paid, nor to staff who paid', async () => {
    await publishPayment(admin.userId);
    await publishPayment(tutor.userId);
    await paymentsApplied();

    const student = await submit(story('Omar Haddad', 'omar@example.com'), nonBuyer);
    const byAdmin = await submit(story('Admin Person', 'admin@example.com'), admin);
    const byTutor = await submit(story('Tutor Person', 'tutor@example.com'), tutor);

    const shown = await badges();
    expect([shown.get(student), shown.get(byAdmin), shown.get(byTutor)]).toEqual([false, false, false]);
  });

  it("gives the badge once the submitter's payment arrives, even after the story", async () => {
    const id = await submit(story('Sarah Johnson'), buyer);
    expect((await badges()).get(id)).toBe(false);

    await publishPayment(buyer.userId);

    await eventually(async () => (await badges()).get(id) === true, 15_000, 'the story to be verified');
  });
});
