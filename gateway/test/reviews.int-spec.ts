import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ErrorCodes,
  PublicTestimonialListSchema,
  ReviewsMessages,
  type Role,
  ServerMessages,
  Subjects,
  ValidationMessages,
} from '@medtutor/contracts';
import request from 'supertest';
import { sql } from '@medtutor/nest-kit/testing';
import { PLATFORM_START_MS, PLATFORM_STOP_MS, type RealPlatform, startRealPlatform } from './support/real-platform.js';

/**
 * The testimonial routes through the gateway to the real reviews service (and identity for the
 * sessions): what the gateway refuses never reaches reviews, and what it accepts is in reviews' table.
 */
const TESTIMONIALS_PER_IP = 3;
const ReviewSubjects = [
  Subjects.reviews.submitTestimonial,
  Subjects.reviews.listApprovedTestimonials,
  Subjects.reviews.listPendingTestimonials,
  Subjects.reviews.approveTestimonial,
  Subjects.reviews.deleteTestimonial,
];

let platform: RealPlatform;
let server: RealPlatform['server'];

beforeAll(async () => {
  platform = await startRealPlatform({
    label: 'reviews',
    services: ['reviews'],
    gatewayEnv: { RATE_LIMIT_TESTIMONIALS_IP: `${TESTIMONIALS_PER_IP}/1h` },
    watch: ReviewSubjects,
  });
  server = platform.server;
}, PLATFORM_START_MS);

afterAll(() => platform?.close(), PLATFORM_STOP_MS);

const nextIp = () => platform.freshIp();
const story = {
  name: '  Sarah Johnson ',
  title: 'Offer from my first choice',
  content: 'The mock interviews made all the difference.',
  rating: 4,
  email: 'Sarah@Example.com',
};

const submit = (body: object, ip = nextIp(), cookie?: string) => {
  const call = request(server).post('/api/testimonials').set('X-Forwarded-For', ip);
  return (cookie ? call.set('Cookie', cookie) : call).send(body);
};
const cookieOf = async (role: Role) => (await platform.signIn(role)).cookie;
const asUser = (cookie: string | undefined, call: request.Test) => (cookie ? call.set('Cookie', cookie) : call);
/** Every request that reached reviews so far, whatever the subject. */
const askedReviews = async () =>
  (await Promise.all(ReviewSubjects.map((s) => platform.requests.count(s)))).reduce((a, b) => a + b);
type StoredTestimonial = {
  name: string;
  email: string;
  rating: number;
  submitted_by: number | null;
  is_approved: boolean;
};
const stored = async (id: number) =>
  (
    await sql<StoredTestimonial>(
      platform.databases.reviews!,
      'SELECT name, email, rating, submitted_by, is_approved FROM testimonials WHERE id = $1',
      [id],
    )
  )[0];

describe('POST /api/testimonials', () => {
  it("accepts a visitor's story and forwards the validated body without an actor", async () => {
    const res = await submit(story);

    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number) });
    const sent = await platform.requests.last(Subjects.reviews.submitTestimonial);
    expect(sent?.meta.actor).toBeNull();
    expect(sent?.data).toEqual({ ...story, name: 'Sarah Johnson' });
    expect(await stored(res.body.id)).toEqual({
      name: 'Sarah Johnson',
      email: 'sarah@example.com',
      rating: 4,
      submitted_by: null,
      is_approved: false,
    });
  });

  it("accepts a signed-in student's story with the student as the actor and the default rating", async () => {
    const { cookie, user } = await platform.signIn('student');
    const { rating: _rating, ...withoutRating } = story;
    const res = await submit(withoutRating, nextIp(), cookie);

    expect(res.status).toBe(201);
    const sent = await platform.requests.last(Subjects.reviews.submitTestimonial);
    expect(sent?.meta.actor).toEqual({ userId: user.id, role: 'student' });
    expect(sent?.data).toMatchObject({ rating: 5 });
    expect(await stored(res.body.id)).toMatchObject({ rating: 5, submitted_by: user.id });
  });

  it.each([
    [{ name: 'S' }, ValidationMessages.nameMin],
    [{ title: ' ' }, ValidationMessages.titleMin],
    [{ content: '' }, ValidationMessages.experienceRequired],
    [{ email: 'sarah@' }, ValidationMessages.emailInvalid],
    [{ rating: 0 }, 'Please choose a rating from 1 to 5'],
  ])('answers 400 to %j with the spec message, without asking the service', async (patch, message) => {
    const before = await platform.requests.count(Subjects.reviews.submitTestimonial);
    const res = await submit({ ...story, ...patch });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: ErrorCodes.validationFailed,
      message,
      errors: [{ field: Object.keys(patch)[0], message }],
    });
    expect(await platform.requests.count(Subjects.reviews.submitTestimonial)).toBe(before);
  });

  it('answers 429 with Retry-After once an address has used its submissions, invalid ones included', async () => {
    const ip = nextIp();
    expect((await submit({ ...story, name: 'S' }, ip)).status).toBe(400);
    for (let i = 1; i < TESTIMONIALS_PER_IP; i++) expect((await submit(story, ip)).status).toBe(201);
    const before = await platform.requests.count(Subjects.reviews.submitTestimonial);

    const limited = await submit(story, ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      statusCode: 429,
      code: ErrorCodes.rateLimited,
      message: ServerMessages.rateLimited,
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await platform.requests.count(Subjects.reviews.submitTestimonial)).toBe(before);
    // Another address is not held back.
    expect((await submit(story)).status).toBe(201);
  });
});

describe('GET /api/testimonials and the admin routes', () => {
  it('serves pending stories with the email to an admin, and the approved ones to anyone without it', async () => {
    const admin = await cookieOf('admin');
    const { body } = await submit({ ...story, email: 'priya@example.com', name: 'Priya Shah' });
    const id = body.id as number;

    const pending = await request(server).get('/api/testimonials/pending').set('Cookie', admin);
    expect(pending.status).toBe(200);
    expect(pending.body).toContainEqual(expect.objectContaining({ id, email: 'priya@example.com', isApproved: false }));
    expect((await platform.requests.last(Subjects.reviews.listPendingTestimonials))?.meta.actor?.role).toBe('admin');

    const approved = await request(server).patch(`/api/testimonials/${id}/approve`).set('Cookie', admin);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id, isApproved: true });
    expect((await platform.requests.last(Subjects.reviews.approveTestimonial))?.data).toEqual({ id });
    expect(await stored(id)).toMatchObject({ is_approved: true });

    const listed = await request(server).get('/api/testimonials');
    expect(listed.status).toBe(200);
    expect(listed.body).toContainEqual({
      id,
      name: 'P.S.',
      title: story.title,
      content: story.content,
      rating: 4,
      verifiedPurchase: false,
    });
    expect(JSON.stringify(listed.body)).not.toContain('@');
    expect((await platform.requests.last(Subjects.reviews.listApprovedTestimonials))?.meta.actor).toBeNull();
  });

  it('deletes a story for an admin; an unknown id is 404 for approve and delete', async () => {
    const admin = await cookieOf('admin');
    const id = (await submit(story)).body.id as number;

    const deleted = await request(server).delete(`/api/testimonials/${id}`).set('Cookie', admin);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: true });
    expect(await stored(id)).toBeUndefined();
    for (const call of [
      request(server).delete(`/api/testimonials/${id}`),
      request(server).patch(`/api/testimonials/${id}/approve`),
    ]) {
      const res = await call.set('Cookie', admin);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        statusCode: 404,
        code: ErrorCodes.notFound,
        message: ReviewsMessages.testimonialNotFound,
      });
    }
  });

  it.each(['abc', '0', '-1', '1.5', '1e3', '0x1', '99999999999'])(
    'answers 404 to the malformed id %j without asking the service',
    async (id) => {
      const admin = await cookieOf('admin');
      const before = await askedReviews();

      const approve = await request(server).patch(`/api/testimonials/${id}/approve`).set('Cookie', admin);
      const remove = await request(server).delete(`/api/testimonials/${id}`).set('Cookie', admin);
      for (const res of [approve, remove]) {
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: ErrorCodes.notFound, message: ServerMessages.notFound });
      }
      expect(await askedReviews()).toBe(before);
    },
  );

  it.each([
    ['a visitor', undefined, 401, ErrorCodes.unauthenticated],
    ['a student', 'student', 403, ErrorCodes.forbidden],
    ['a tutor', 'tutor', 403, ErrorCodes.forbidden],
  ] as const)('refuses %s on the admin routes without asking the service', async (_who, role, status, code) => {
    const cookie = role ? await cookieOf(role) : undefined;
    const id = (await submit(story)).body.id as number;
    const before = await askedReviews();

    const answers = [
      await asUser(cookie, request(server).get('/api/testimonials/pending')),
      await asUser(cookie, request(server).patch(`/api/testimonials/${id}/approve`)),
      await asUser(cookie, request(server).delete(`/api/testimonials/${id}`)),
    ];
    for (const res of answers) {
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ statusCode: status, code });
    }
    expect(await askedReviews()).toBe(before);
    expect(await stored(id)).toMatchObject({ is_approved: false });
    // The public list stays open to the same caller.
    expect((await asUser(cookie, request(server).get('/api/testimonials'))).status).toBe(200);
  });
});

describe('POST /api/testimonials → GET /api/testimonials: the verified-purchase badge', () => {
  const typedBy = (email: string) => ({ ...story, name: 'Sarah Johnson', rating: 5, email });
  async function submitted(body: object, cookie?: string): Promise<number> {
    const res = await submit(body, nextIp(), cookie);
    expect(res.status).toBe(201);
    return res.body.id as number;
  }
  /** The payments consumer's effect, written directly: no route records a payment. */
  const recordPayment = (userId: number) =>
    sql(
      platform.databases.reviews!,
      'INSERT INTO purchases (payment_id, user_id, paid_at) VALUES (gen_random_uuid(), $1, now())',
      [userId],
    );

  it("marks the paying student's own story, not a visitor's story typed with that student's email", async () => {
    const buyer = await platform.signIn('student');
    await recordPayment(buyer.user.id);
    const admin = await cookieOf('admin');

    const own = await submitted(typedBy('another.address@example.com'), buyer.cookie);
    const impostor = await submitted({
      ...typedBy(buyer.user.email),
      verifiedPurchase: true,
      submittedBy: buyer.user.id,
    });
    for (const id of [own, impostor]) {
      expect((await request(server).patch(`/api/testimonials/${id}/approve`).set('Cookie', admin)).status).toBe(200);
    }

    const listed = PublicTestimonialListSchema.parse((await request(server).get('/api/testimonials')).body);
    expect(listed.find((row) => row.id === own)?.verifiedPurchase).toBe(true);
    expect(listed.find((row) => row.id === impostor)?.verifiedPurchase).toBe(false);
    expect(await stored(impostor)).toMatchObject({ submitted_by: null });
  });

  it('gives no badge to a signed-in student who has not paid, whatever email they type', async () => {
    const payer = await platform.signIn('student');
    await recordPayment(payer.user.id);
    const student = await platform.signIn('student');
    const admin = await cookieOf('admin');

    const id = await submitted(typedBy(payer.user.email), student.cookie);
    const approved = await request(server).patch(`/api/testimonials/${id}/approve`).set('Cookie', admin);

    expect(approved.body).toMatchObject({ id, verifiedPurchase: false });
  });
});
