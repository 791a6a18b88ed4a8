import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ErrorCodes,
  ReviewsMessages,
  type Role,
  ServerMessages,
  Subjects,
  ValidationMessages,
} from '@medtutor/contracts';
import type { Server } from 'node:http';
import request from 'supertest';
import { type FakeReviews, startFakeReviews } from './support/fake-reviews.js';
import { signIn, startTestGateway, type TestGateway } from './support/test-gateway.js';

const TESTIMONIALS_PER_IP = 3;

let gateway: TestGateway;
let server: Server;
let reviews: { fake: FakeReviews; stop: () => Promise<void> };
let ipCounter = 0;
/** Each submission from an address of its own unless a test means to share one. */
const nextIp = () => `203.0.113.${++ipCounter}`;

beforeAll(async () => {
  gateway = await startTestGateway({
    env: { TRUST_PROXY: 'true', RATE_LIMIT_TESTIMONIALS_IP: `${TESTIMONIALS_PER_IP}/1h` },
  });
  server = gateway.app.getHttpServer();
  reviews = await startFakeReviews(gateway.config.natsUrl);
});

afterAll(async () => {
  await reviews?.stop();
  await gateway?.close();
});

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
const cookieOf = async (role: Role) => (await signIn(gateway, role)).cookie;
const asUser = (cookie: string | undefined, call: request.Test) => (cookie ? call.set('Cookie', cookie) : call);
/** How many requests on `subject` reached the service since `before` (an index into `received`). */
const forwardedSince = (before: number, subject: string) =>
  reviews.fake.received.slice(before).filter((received) => received.subject === subject).length;

describe('POST /api/testimonials', () => {
  it("accepts a visitor's story and forwards the validated body without an actor", async () => {
    const res = await submit(story);

    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number) });
    const sent = reviews.fake.lastRequest(Subjects.reviews.submitTestimonial);
    expect(sent?.meta.actor).toBeNull();
    expect(sent?.data).toEqual({ ...story, name: 'Sarah Johnson' });
  });

  it("accepts a signed-in student's story with the student as the actor and the default rating", async () => {
    const { cookie, user } = await signIn(gateway, 'student');
    const { rating: _rating, ...withoutRating } = story;
    const res = await submit(withoutRating, nextIp(), cookie);

    expect(res.status).toBe(201);
    const sent = reviews.fake.lastRequest(Subjects.reviews.submitTestimonial);
    expect(sent?.meta.actor).toEqual({ userId: user.id, role: 'student' });
    expect(sent?.data).toMatchObject({ rating: 5 });
  });

  it.each([
    [{ name: 'S' }, ValidationMessages.nameMin],
    [{ title: ' ' }, ValidationMessages.titleMin],
    [{ content: '' }, ValidationMessages.experienceRequired],
    [{ email: 'sarah@' }, ValidationMessages.emailInvalid],
    [{ rating: 0 }, 'Please choose a rating from 1 to 5'],
  ])('answers 400 to %j with the spec message, without asking the service', async (patch, message) => {
    const before = reviews.fake.received.length;
    const res = await submit({ ...story, ...patch });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: ErrorCodes.validationFailed,
      message,
      errors: [{ field: Object.keys(patch)[0], message }],
    });
    expect(forwardedSince(before, Subjects.reviews.submitTestimonial)).toBe(0);
  });

  it('answers 429 with Retry-After once an address has used its submissions, invalid ones included', async () => {
    const ip = nextIp();
    expect((await submit({ ...story, name: 'S' }, ip)).status).toBe(400);
    for (let i = 1; i < TESTIMONIALS_PER_IP; i++) expect((await submit(story, ip)).status).toBe(201);
    const before = reviews.fake.received.length;

    const limited = await submit(story, ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      statusCode: 429,
      code: ErrorCodes.rateLimited,
      message: ServerMessages.rateLimited,
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(forwardedSince(before, Subjects.reviews.submitTestimonial)).toBe(0);
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
    expect(reviews.fake.lastRequest(Subjects.reviews.listPendingTestimonials)?.meta.actor?.role).toBe('admin');

    const approved = await request(server).patch(`/api/testimonials/${id}/approve`).set('Cookie', admin);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id, isApproved: true });
    expect(reviews.fake.lastRequest(Subjects.reviews.approveTestimonial)?.data).toEqual({ id });

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
    expect(reviews.fake.lastRequest(Subjects.reviews.listApprovedTestimonials)?.meta.actor).toBeNull();
  });

  it('deletes a story for an admin; an unknown id is 404 for approve and delete', async () => {
    const admin = await cookieOf('admin');
    const id = (await submit(story)).body.id as number;

    const deleted = await request(server).delete(`/api/testimonials/${id}`).set('Cookie', admin);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: true });
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
      const before = reviews.fake.received.length;

      const approve = await request(server).patch(`/api/testimonials/${id}/approve`).set('Cookie', admin);
      const remove = await request(server).delete(`/api/testimonials/${id}`).set('Cookie', admin);
      for (const res of [approve, remove]) {
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: ErrorCodes.notFound, message: ServerMessages.notFound });
      }
      expect(reviews.fake.received.length).toBe(before);
    },
  );

  it.each([
    ['a visitor', undefined, 401, ErrorCodes.unauthenticated],
    ['a student', 'student', 403, ErrorCodes.forbidden],
    ['a tutor', 'tutor', 403, ErrorCodes.forbidden],
  ] as const)('refuses %s on the admin routes without asking the service', async (_who, role, status, code) => {
    const cookie = role ? await cookieOf(role) : undefined;
    const id = (await submit(story)).body.id as number;
    const before = reviews.fake.received.length;

    const answers = [
      await asUser(cookie, request(server).get('/api/testimonials/pending')),
      await asUser(cookie, request(server).patch(`/api/testimonials/${id}/approve`)),
      await asUser(cookie, request(server).delete(`/api/testimonials/${id}`)),
    ];
    for (const res of answers) {
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ statusCode: status, code });
    }
    expect(reviews.fake.received.length).toBe(before);
    // The public list stays open to the same caller.
    expect((await asUser(cookie, request(server).get('/api/testimonials'))).status).toBe(200);
  });
});
