import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  type Actor,
  EventStreams,
  type EventType,
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
import {
  consumerDrained,
  paymentDisputed,
  paymentRefunded,
  paymentSucceeded,
  startReviewsUnderTest,
} from './support/reviews-under-test.js';
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

/** What reviews told holders of the public list about badges, oldest first. */
const badgeChanges = async (databaseUrl: string) =>
  (
    await sql<{ payload: { data: { cause: string } } }>(
      databaseUrl,
      'SELECT payload FROM outbox_events WHERE type = $1 ORDER BY created_at',
      [EventTypes.publishedTestimonialsChanged],
    )
  )
    .map((row) => row.payload.data)
    .filter((data) => data.cause === 'purchase_changed');

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

  it('tells holders of the public list of a payment only when the buyer has a published story', async () => {
    const published = await submit(story('Sarah Johnson'), buyer);
    await call(Subjects.reviews.submitTestimonial, story('Omar Haddad', 'omar@example.com'), nonBuyer);

    await publishPayment(nonBuyer.userId); // only a pending story: the public list reads the same
    await publishPayment(admin.userId); // no story at all
    await publishPayment(buyer.userId);
    await paymentsApplied();

    expect(await badgeChanges(service.db.url)).toEqual([{ cause: 'purchase_changed', testimonialIds: [published] }]);
  });
});

/**
 * Issue 24: the badge survived a full refund and a lost dispute. It now follows the purchase: a full
 * refund or a lost dispute takes it, an open dispute hides it, a won one gives it back; in any order.
 */
describe('verified purchase after refunds and disputes', () => {
  let service: ServiceUnderTest;
  let nc: NatsConnection;
  let call: SignedRpc['call'];
  let storyId: number;

  const badge = async (): Promise<boolean | undefined> => {
    const list = PublicTestimonialListSchema.parse(await call(Subjects.reviews.listApprovedTestimonials, {}));
    return list.find((row) => row.id === storyId)?.verifiedPurchase;
  };
  /** Publishes the event and waits until its consumer applied it (its inbox row). */
  const deliver = async (type: EventType, data: object): Promise<void> => {
    const envelope = newEvent(type, 1, data, 'reviews-test');
    await jetstream(nc).publish(eventSubject(type), JSON.stringify(envelope));
    await eventually(
      async () =>
        (
          await sql<{ n: number }>(service.db.url, 'SELECT count(*)::int AS n FROM inbox_events WHERE event_id = $1', [
            envelope.id,
          ])
        )[0]?.n === 1,
      15_000,
      `${type} to be applied`,
    );
  };
  const paid = async (userId = buyer.userId): Promise<string> => {
    const payment = paymentSucceeded({ userId });
    await deliver(EventTypes.paymentSucceeded, payment);
    return payment.paymentId;
  };

  beforeAll(async () => {
    service = await startReviewsUnderTest('reviews_verified_refunds');
    ({ call } = signedRpc(service.client, 'reviews-test'));
    nc = await connect({ servers: service.nats.url });
  }, 60_000);

  afterAll(async () => {
    await nc?.close();
    await service?.stop();
  });

  beforeEach(async () => {
    await service.db.truncate();
    ({ id: storyId } = (await call(Subjects.reviews.submitTestimonial, story('Sarah Johnson'), buyer)) as {
      id: number;
    });
    await call(Subjects.reviews.approveTestimonial, { id: storyId }, admin);
  });

  it('takes the badge away on a full refund; a partial refund leaves it', async () => {
    const paymentId = await paid();
    expect(await badge()).toBe(true);

    await deliver(
      EventTypes.paymentRefunded,
      paymentRefunded(paymentId, { refundedAmount: 7600, fullyRefunded: false }),
    );
    expect(await badge()).toBe(true);

    await deliver(EventTypes.paymentRefunded, paymentRefunded(paymentId));
    expect(await badge()).toBe(false);
    // The payment and the full refund were told; the partial refund recorded nothing.
    expect(await badgeChanges(service.db.url)).toEqual([
      { cause: 'purchase_changed', testimonialIds: [storyId] },
      { cause: 'purchase_changed', testimonialIds: [storyId] },
    ]);
  });

  it('hides the badge while a dispute is open and gives it back when the dispute is won', async () => {
    const paymentId = await paid();

    await deliver(EventTypes.paymentDisputed, paymentDisputed(paymentId, 'dp_won', 'open'));
    expect(await badge()).toBe(false);

    await deliver(EventTypes.paymentDisputed, paymentDisputed(paymentId, 'dp_won', 'won'));
    expect(await badge()).toBe(true);
    // The payment, the opening and the win, each in its own consumer's transaction.
    expect(await badgeChanges(service.db.url)).toHaveLength(3);
  });

  it('tells holders of the public list nothing of a refund or dispute of a buyer with no published story', async () => {
    const stranger = 79;
    const paymentId = await paid(stranger);
    await deliver(EventTypes.paymentRefunded, paymentRefunded(paymentId, { userId: stranger }));
    await deliver(EventTypes.paymentDisputed, paymentDisputed(paymentId, 'dp_stranger', 'open', { userId: stranger }));

    expect(await badgeChanges(service.db.url)).toEqual([]);
  });

  it('takes the badge for good when a dispute is lost, whatever arrives late', async () => {
    const paymentId = await paid();

    await deliver(EventTypes.paymentDisputed, paymentDisputed(paymentId, 'dp_lost', 'open'));
    await deliver(EventTypes.paymentDisputed, paymentDisputed(paymentId, 'dp_lost', 'lost'));
    await deliver(EventTypes.paymentRefunded, paymentRefunded(paymentId, { reason: 'fraudulent' }));
    expect(await badge()).toBe(false);

    // A late "open" of the same dispute, and the payment's success told again, change nothing.
    await deliver(EventTypes.paymentDisputed, paymentDisputed(paymentId, 'dp_lost', 'open'));
    await deliver(EventTypes.paymentSucceeded, paymentSucceeded({ paymentId }));
    expect(await badge()).toBe(false);
  });

  it('lands the same in any order: a refund or a close told before the payment or the open', async () => {
    const refundedFirst = paymentSucceeded();
    await deliver(EventTypes.paymentRefunded, paymentRefunded(refundedFirst.paymentId));
    expect(await badge()).toBe(false);
    await deliver(EventTypes.paymentSucceeded, refundedFirst);
    expect(await badge()).toBe(false);

    const wonFirst = paymentSucceeded();
    await deliver(EventTypes.paymentDisputed, paymentDisputed(wonFirst.paymentId, 'dp_early', 'won'));
    await deliver(EventTypes.paymentSucceeded, wonFirst);
    await deliver(EventTypes.paymentDisputed, paymentDisputed(wonFirst.paymentId, 'dp_early', 'open'));
    expect(await badge()).toBe(true);
  });

  it('keeps the badge while another purchase of the buyer stands', async () => {
    const first = await paid();
    await paid();

    await deliver(EventTypes.paymentRefunded, paymentRefunded(first));

    expect(await badge()).toBe(true);
  });

  it('keeps a buyer recorded before issue 24 verified until a refund of theirs is told', async () => {
    await sql(service.db.url, 'INSERT INTO paid_users (user_id, first_paid_at) VALUES ($1, now())', [buyer.userId]);
    expect(await badge()).toBe(true);

    await deliver(EventTypes.paymentRefunded, paymentRefunded(randomUUID()));

    expect(await badge()).toBe(false);
  });
});
