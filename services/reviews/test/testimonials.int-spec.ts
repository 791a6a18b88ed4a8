import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  type Actor,
  ErrorCodes,
  EventStreams,
  EventTypes,
  eventSubject,
  PendingTestimonialListSchema,
  PublicTestimonialListSchema,
  ReviewsMessages,
  Subjects,
  ValidationMessages,
} from '@medtutor/contracts';
import { newEvent } from '@medtutor/nest-kit';
import { eventually, type ServiceUnderTest, type SignedRpc, signedRpc, sql } from '@medtutor/nest-kit/testing';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type pg from 'pg';
import { consumerDrained, paymentSucceeded, startReviewsUnderTest } from './support/reviews-under-test.js';
import { PAYMENT_SUCCEEDED_CONSUMER } from '../src/modules/verified-purchases/payment-succeeded.consumer.js';

const actors = {
  admin: { userId: 1, role: 'admin' },
  student: { userId: 10, role: 'student' },
  tutor: { userId: 20, role: 'tutor' },
} satisfies Record<string, Actor>;

const story = {
  name: 'Sarah Johnson',
  title: 'Offer from my first choice',
  content: 'The mock interviews made all the difference.',
  rating: 4,
  email: 'Sarah.Johnson@Example.com',
};

describe('reviews testimonials over NATS (real PostgreSQL and JetStream)', () => {
  let service: ServiceUnderTest;
  let nc: NatsConnection;

  let call: SignedRpc['call'];
  let fail: SignedRpc['fail'];
  const submit = async (body: object = story): Promise<number> =>
    ((await call(Subjects.reviews.submitTestimonial, body)) as { id: number }).id;
  const publicList = async () =>
    PublicTestimonialListSchema.parse(await call(Subjects.reviews.listApprovedTestimonials, {}));
  const pendingList = async () =>
    PendingTestimonialListSchema.parse(await call(Subjects.reviews.listPendingTestimonials, {}, actors.admin));

  const query = <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    sql<R>(service.db.url, text, values);
  const outbox = (type: string) =>
    query<{ payload: { data: unknown } }>('SELECT payload FROM outbox_events WHERE type = $1', [type]);
  /** What reviews told holders of the public list, oldest first. */
  const listChanges = async () =>
    (
      await query<{ payload: { data: unknown } }>(
        'SELECT payload FROM outbox_events WHERE type = $1 ORDER BY created_at',
        [EventTypes.publishedTestimonialsChanged],
      )
    ).map((row) => row.payload.data);
  const unpublishedOutboxRows = async () =>
    Number((await query<{ count: string }>('SELECT count(*) FROM outbox_events WHERE published_at IS NULL'))[0]!.count);
  const inboxRows = async (consumer: string, eventId: string) =>
    Number(
      (
        await query<{ count: string }>('SELECT count(*) FROM inbox_events WHERE consumer = $1 AND event_id = $2', [
          consumer,
          eventId,
        ])
      )[0]!.count,
    );

  /** Published without a message id, so JetStream stores every copy: a real redelivery in effect. */
  const publish = async <T>(type: string, data: T, eventId: string = randomUUID()) => {
    const envelope = { ...newEvent(type, 1, data, 'reviews-test'), id: eventId };
    await jetstream(nc).publish(eventSubject(type), JSON.stringify(envelope));
    return envelope;
  };
  beforeAll(async () => {
    service = await startReviewsUnderTest('reviews_testimonials');
    ({ call, fail } = signedRpc(service.client, 'reviews-test'));
    nc = await connect({ servers: service.nats.url });
  }, 60_000);

  afterAll(async () => {
    await nc?.close();
    await service?.stop();
  });

  describe('moderation', () => {
    beforeEach(() => service.db.truncate());

    it('keeps a submitted story pending: the admin sees it with the email, the public does not', async () => {
      const id = await submit();

      expect(await publicList()).toEqual([]);
      expect(await pendingList()).toEqual([
        {
          id,
          name: 'Sarah Johnson',
          title: story.title,
          content: story.content,
          rating: 4,
          email: 'sarah.johnson@example.com',
          isApproved: false,
          verifiedPurchase: false,
          createdAt: expect.any(String),
        },
      ]);
      expect((await outbox(EventTypes.testimonialSubmitted)).map((row) => row.payload.data)).toEqual([
        { testimonialId: id, rating: 4 },
      ]);
    });

    it('defaults the rating to 5 and lets a visitor submit', async () => {
      const { rating: _rating, ...withoutRating } = story;
      await submit(withoutRating);

      expect((await pendingList())[0]?.rating).toBe(5);
    });

    it.each([
      [{ name: 'S' }, ValidationMessages.nameMin],
      [{ title: 'A' }, ValidationMessages.titleMin],
      [{ content: '  ' }, ValidationMessages.experienceRequired],
      [{ email: 'not-an-email' }, ValidationMessages.emailInvalid],
      [{ rating: 6 }, 'Please choose a rating from 1 to 5'],
    ])('refuses %j with the spec message and stores nothing', async (patch, message) => {
      const error = await fail(Subjects.reviews.submitTestimonial, { ...story, ...patch });

      expect(error).toMatchObject({ code: ErrorCodes.validationFailed, message });
      expect(await query('SELECT id FROM testimonials')).toEqual([]);
    });

    it('publishes an approved story with initials and never the email; a second approval changes nothing', async () => {
      const id = await submit();
      const short = await submit({ ...story, name: 'Ann', email: 'ann@example.com' });

      const approved = await call(Subjects.reviews.approveTestimonial, { id }, actors.admin);
      expect(approved).toMatchObject({ id, isApproved: true, email: 'sarah.johnson@example.com' });
      expect(await call(Subjects.reviews.approveTestimonial, { id }, actors.admin)).toEqual(approved);

      const listed = await publicList();
      expect(listed).toEqual([
        { id, name: 'S.J.', title: story.title, content: story.content, rating: 4, verifiedPurchase: false },
      ]);
      expect(JSON.stringify(await call(Subjects.reviews.listApprovedTestimonials, {}))).not.toMatch(/example\.com/i);
      expect((await pendingList()).map((row) => row.id)).toEqual([short]);
      expect((await outbox(EventTypes.testimonialApproved)).map((row) => row.payload.data)).toEqual([
        { testimonialId: id, approvedBy: actors.admin.userId },
      ]);
      expect(await listChanges()).toEqual([{ cause: 'approved', testimonialIds: [id] }]);
      const [row] = await query<{ approved_by: number; approved_at: Date | null }>(
        'SELECT approved_by, approved_at FROM testimonials WHERE id = $1',
        [id],
      );
      expect(row).toEqual({ approved_by: 1, approved_at: expect.any(Date) });
    });

    it('deletes a story; an unknown id is NOT_FOUND for approve and delete', async () => {
      const id = await submit();

      expect(await call(Subjects.reviews.deleteTestimonial, { id }, actors.admin)).toEqual({ deleted: true });
      expect(await pendingList()).toEqual([]);
      // A pending story was never public: the public list has not changed.
      expect(await listChanges()).toEqual([]);
      for (const subject of [Subjects.reviews.deleteTestimonial, Subjects.reviews.approveTestimonial]) {
        expect(await fail(subject, { id }, actors.admin)).toMatchObject({
          code: ErrorCodes.notFound,
          message: ReviewsMessages.testimonialNotFound,
        });
      }
    });

    it('tells whoever holds the public list (a plain NATS subscriber) when a published story is deleted', async () => {
      const id = await submit();
      await call(Subjects.reviews.approveTestimonial, { id }, actors.admin);
      await eventually(async () => (await unpublishedOutboxRows()) === 0, 5_000, 'the approval to be published');
      const heard: unknown[] = [];
      const subscription = nc.subscribe(eventSubject(EventTypes.publishedTestimonialsChanged), {
        callback: (_error, message) => {
          heard.push(message.json<{ data: unknown }>().data);
        },
      });
      await nc.flush();

      expect(await call(Subjects.reviews.deleteTestimonial, { id }, actors.admin)).toEqual({ deleted: true });

      expect(await publicList()).toEqual([]);
      expect(await listChanges()).toEqual([
        { cause: 'approved', testimonialIds: [id] },
        { cause: 'deleted', testimonialIds: [id] },
      ]);
      await eventually(async () => heard.length > 0, 5_000, 'the event on NATS');
      subscription.unsubscribe();
      expect(heard).toEqual([{ cause: 'deleted', testimonialIds: [id] }]);
    });

    it('refuses malformed ids as validation errors', async () => {
      for (const id of ['1', 0, -3, 1.5, 2_147_483_648]) {
        expect((await fail(Subjects.reviews.approveTestimonial, { id }, actors.admin)).code).toBe(
          ErrorCodes.validationFailed,
        );
      }
    });

    it('lets only admins list pending stories, approve and delete', async () => {
      const id = await submit();
      const cases = [
        [null, ErrorCodes.unauthenticated],
        [actors.student, ErrorCodes.forbidden],
        [actors.tutor, ErrorCodes.forbidden],
      ] as const;
      for (const [actor, code] of cases) {
        expect((await fail(Subjects.reviews.listPendingTestimonials, {}, actor)).code).toBe(code);
        expect((await fail(Subjects.reviews.approveTestimonial, { id }, actor)).code).toBe(code);
        expect((await fail(Subjects.reviews.deleteTestimonial, { id }, actor)).code).toBe(code);
      }
      expect(await query('SELECT id FROM testimonials WHERE is_approved = false')).toHaveLength(1);
    });
  });

  // The badge itself (the submitter's session) is tested in verified-purchases.int-spec.ts.
  describe('paid users (payments events)', () => {
    it('changes nothing when a payment is delivered again; a later payment is a purchase of its own', async () => {
      await service.db.truncate();
      const payment = await publish(EventTypes.paymentSucceeded, paymentSucceeded({ userId: 90 }));
      await eventually(
        async () => (await inboxRows(PAYMENT_SUCCEEDED_CONSUMER, payment.id)) === 1,
        15_000,
        'the first payment delivery',
      );

      // The same event again under its id, with changed data that must not land; then a later purchase.
      await publish(
        EventTypes.paymentSucceeded,
        paymentSucceeded({ userId: 90, paidAt: '2026-11-01T00:00:00.000Z' }),
        payment.id,
      );
      const later = await publish(
        EventTypes.paymentSucceeded,
        paymentSucceeded({ userId: 90, paidAt: '2026-12-01T00:00:00.000Z' }),
      );

      await eventually(
        async () => (await inboxRows(PAYMENT_SUCCEEDED_CONSUMER, later.id)) === 1,
        15_000,
        'the later payment',
      );
      await eventually(
        consumerDrained(nc, EventStreams.catalogPayments.name, PAYMENT_SUCCEEDED_CONSUMER),
        15_000,
        'the payments stream',
      );

      expect(await inboxRows(PAYMENT_SUCCEEDED_CONSUMER, payment.id)).toBe(1);
      const rows = await query<{ user_id: number; paid_at: Date }>(
        'SELECT user_id, paid_at FROM purchases ORDER BY paid_at',
      );
      expect(rows.map((row) => [row.user_id, row.paid_at.toISOString()])).toEqual([
        [90, '2026-11-20T10:15:00.000Z'],
        [90, '2026-12-01T00:00:00.000Z'],
      ]);
    }, 30_000);
  });
});
