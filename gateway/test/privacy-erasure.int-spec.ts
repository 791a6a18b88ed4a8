import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ErasedStudentName,
  ErasureMessages,
  ErrorCodes,
  SecondFactorMessages,
  UserErasedReplySchema,
} from '@medtutor/contracts';
import { eventually, sql } from '@medtutor/nest-kit/testing';
import request from 'supertest';
import {
  paidPayment,
  PASSWORD,
  PLATFORM_START_MS,
  PLATFORM_STOP_MS,
  type RealPlatform,
  startRealPlatform,
} from './support/real-platform.js';
import { sessionCookieFrom } from './support/test-gateway.js';

/**
 * Issue 26's "done when" for erasure: a student who paid, wrote a testimonial and asked for a
 * consultation erases their account while reviews is stopped. Every session ends at once and the
 * password no longer signs in; tutoring, catalog-payments and payroll do their part from the durable
 * event; reviews does its part when it starts again. The address may register afresh. Real gateway
 * and the five services from their builds, one private NATS, fresh databases.
 */
describe('erasure across the platform', () => {
  let platform: RealPlatform;
  let server: Server;
  const db = (name: keyof RealPlatform['databases']) => platform.databases[name]!;

  const login = (email: string) =>
    request(server).post('/api/login').set('X-Forwarded-For', platform.freshIp()).send({ email, password: PASSWORD });
  const signedIn = async (email: string) => {
    const res = await login(email);
    expect(res.status).toBe(200);
    return sessionCookieFrom(res) as string;
  };
  const currentUser = (cookie: string) => request(server).get('/api/user').set('Cookie', cookie);

  beforeAll(async () => {
    platform = await startRealPlatform({
      label: 'privacy_erasure',
      services: ['catalog-payments', 'tutoring', 'reviews', 'payroll'],
    });
    server = platform.server;
  }, PLATFORM_START_MS);

  afterAll(async () => {
    await platform?.close();
  }, PLATFORM_STOP_MS);

  it('completes in every service, the stopped one included once it is back', async () => {
    const { userId, email, paymentId } = await paidPayment(platform);
    const cookie = await signedIn(email);
    const elsewhere = await signedIn(email);
    const testimonial = await request(server)
      .post('/api/testimonials')
      .set('Cookie', cookie)
      .set('X-Forwarded-For', platform.freshIp())
      .send({
        name: 'Sam L.',
        title: 'Medicine offer',
        content: 'The mock interviews got me there.',
        rating: 5,
        email,
      });
    expect(testimonial.status).toBe(201);
    const consultation = await request(server)
      .post('/api/consultations')
      .set('X-Forwarded-For', platform.freshIp())
      .send({ firstName: 'Sam', lastName: 'Lee', email, phone: '07700 900123', subjectInterest: 'UCAT' });
    expect(consultation.status).toBe(201);
    // The purchase has reached tutoring and reviews before the erasure.
    await eventually(
      async () => (await sql(db('tutoring'), 'SELECT 1 FROM user_sessions WHERE user_id = $1', [userId])).length > 0,
      20_000,
      'the package',
    );
    await eventually(
      async () => (await sql(db('reviews'), 'SELECT 1 FROM purchases WHERE user_id = $1', [userId])).length > 0,
      20_000,
      'the purchase in reviews',
    );

    await platform.stopService('reviews');

    const wrong = await request(server).post('/api/me/erase').set('Cookie', cookie).send({ password: 'not-it' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({
      code: ErrorCodes.secondFactorInvalid,
      message: SecondFactorMessages.changeRefused,
    });
    expect((await currentUser(cookie)).status).toBe(200);

    const erased = await request(server).post('/api/me/erase').set('Cookie', cookie).send({ password: PASSWORD });
    expect(erased.status).toBe(200);
    expect(UserErasedReplySchema.parse(erased.body)).toMatchObject({ userId, message: ErasureMessages.erased });

    // Every session ends at once, this one and the other; the password signs in no more.
    expect((await currentUser(cookie)).status).toBe(401);
    expect((await currentUser(elsewhere)).status).toBe(401);
    expect((await login(email)).status).toBe(401);
    expect(await sql(db('identity'), 'SELECT 1 FROM users WHERE id = $1', [userId])).toEqual([]);

    // The running services finish their part from the event.
    await eventually(
      async () =>
        (await sql(db('tutoring'), 'SELECT 1 FROM consultations WHERE email_key = $1', [email])).length === 0 &&
        (await sql(db('tutoring'), 'SELECT name FROM student_names WHERE user_id = $1', [userId]))[0]?.name ===
          ErasedStudentName,
      20_000,
      "tutoring's part",
    );
    await eventually(
      async () =>
        (await sql(db('catalog-payments'), 'SELECT buyer_email FROM payments WHERE id = $1', [paymentId]))[0]
          ?.buyer_email === null,
      20_000,
      "catalog-payments' part",
    );
    expect(await sql(db('catalog-payments'), 'SELECT status FROM payments WHERE id = $1', [paymentId])).toEqual([
      { status: 'succeeded' },
    ]);
    await eventually(
      async () =>
        (await sql(db('payroll'), 'SELECT name FROM student_names WHERE user_id = $1', [userId]))[0]?.name ===
        ErasedStudentName,
      20_000,
      "payroll's part",
    );
    // Reviews, stopped, still holds its part; the durable event waits for it.
    expect(await sql(db('reviews'), 'SELECT 1 FROM testimonials WHERE submitted_by = $1', [userId])).toHaveLength(1);

    await platform.startService('reviews');
    await eventually(
      async () =>
        (await sql(db('reviews'), 'SELECT 1 FROM testimonials WHERE email = $1', [email])).length === 0 &&
        (await sql(db('reviews'), 'SELECT 1 FROM purchases WHERE user_id = $1', [userId])).length === 0,
      30_000,
      "reviews' part once it is back",
    );

    // The address is free: it registers again, as a new account.
    const again = await request(server)
      .post('/api/register')
      .set('X-Forwarded-For', platform.freshIp())
      .send({ username: `again${userId}`, email, password: PASSWORD });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(userId);
  });

  it("lets an admin erase a student on a verified request with a reason, ending the student's sessions", async () => {
    const admin = await platform.signIn('admin');
    const student = await platform.signIn('student');
    const erase = (id: number, body: object) =>
      request(server).post(`/api/admin/users/${id}/erase`).set('Cookie', admin.cookie).send(body);

    expect((await erase(student.user.id, { reason: '  ' })).status).toBe(400);
    expect((await erase(admin.user.id, { reason: 'Testing' })).body).toMatchObject({
      message: ErasureMessages.ownAccount,
    });
    const forbidden = await request(server)
      .post(`/api/admin/users/${admin.user.id}/erase`)
      .set('Cookie', student.cookie)
      .send({ reason: 'Not an admin' });
    expect(forbidden.status).toBe(403);

    const res = await erase(student.user.id, { reason: 'Email from the student, verified by phone' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId: student.user.id, message: ErasureMessages.adminErased });
    expect((await currentUser(student.cookie)).status).toBe(401);
    expect((await currentUser(admin.cookie)).status).toBe(200);
    expect(
      await sql(db('identity'), 'SELECT erased_by_user_id, reason FROM erased_users WHERE user_id = $1', [
        student.user.id,
      ]),
    ).toEqual([{ erased_by_user_id: admin.user.id, reason: 'Email from the student, verified by phone' }]);
    // A repeat answers the first erasure.
    const repeat = await erase(student.user.id, { reason: 'Clicked twice' });
    expect(repeat.status).toBe(200);
    expect(repeat.body.erasedAt).toBe(res.body.erasedAt);
  });
});
