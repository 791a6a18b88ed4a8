import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DemoCards, DiscountMessages, ErrorCodes, type Role, Subjects } from '@medtutor/contracts';
import type { Server } from 'node:http';
import request from 'supertest';
import { sql } from '@medtutor/nest-kit/testing';
import { PLATFORM_START_MS, PLATFORM_STOP_MS, type RealPlatform, startRealPlatform } from './support/real-platform.js';

/** Discount codes through the gateway to the real catalog-payments (demo provider), which makes and keeps them. */
let platform: RealPlatform;
let server: Server;

beforeAll(async () => {
  platform = await startRealPlatform({
    label: 'discount_codes',
    services: ['catalog-payments'],
    watch: [Subjects.catalogPayments.createDiscountCode],
  });
  server = platform.server;
}, PLATFORM_START_MS);

afterAll(() => platform?.close(), PLATFORM_STOP_MS);

async function signedIn(role: Role): Promise<string> {
  return (await platform.signIn(role)).cookie;
}

const storedCode = async (code: string) =>
  (
    await sql<{ discount_pounds: number; status: string; created_by: number | null }>(
      platform.databases['catalog-payments']!,
      'SELECT discount_pounds, status, created_by FROM discount_codes WHERE code = $1',
      [code],
    )
  )[0];

const create = (cookie: string | undefined, body: unknown) => {
  const call = request(server).post('/api/admin/create-discount-code');
  return (cookie ? call.set('Cookie', cookie) : call).send(body as object);
};

describe('POST /api/admin/create-discount-code', () => {
  it('creates a code for an admin and passes the admin as the actor', async () => {
    const admin = await platform.signIn('admin');
    const res = await create(admin.cookie, { discountPrice: 45 });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({ code: expect.any(String), discountPrice: 45 });
    const sent = await platform.requests.last(Subjects.catalogPayments.createDiscountCode);
    expect(sent?.meta.actor).toEqual({ userId: admin.user.id, role: 'admin' });
    expect(sent?.data).toEqual({ discountPrice: 45 });
    expect(await storedCode(res.body.code)).toEqual({
      discount_pounds: 45,
      status: 'available',
      created_by: admin.user.id,
    });
  });

  it('defaults an empty value to 30', async () => {
    const res = await create(await signedIn('admin'), { discountPrice: '' });

    expect(res.status).toBe(201);
    expect(res.body.discountPrice).toBe(30);
    expect(await storedCode(res.body.code)).toMatchObject({ discount_pounds: 30 });
  });

  it('answers 400 with the rule for a value outside 1–100, without asking the service', async () => {
    const before = await platform.requests.count(Subjects.catalogPayments.createDiscountCode);
    const res = await create(await signedIn('admin'), { discountPrice: 0 });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: ErrorCodes.validationFailed,
      message: DiscountMessages.discountPriceInvalid,
      errors: [{ field: 'discountPrice', message: DiscountMessages.discountPriceInvalid }],
    });
    expect(await platform.requests.count(Subjects.catalogPayments.createDiscountCode)).toBe(before);
  });

  it('answers 401 to a visitor and 403 to a student, without asking the service', async () => {
    const before = await platform.requests.count(Subjects.catalogPayments.createDiscountCode);

    expect((await create(undefined, { discountPrice: 30 })).status).toBe(401);
    expect((await create(await signedIn('student'), { discountPrice: 30 })).status).toBe(403);
    expect(await platform.requests.count(Subjects.catalogPayments.createDiscountCode)).toBe(before);
  });
});

/** The buyer's side: whatever a code's state, the answer is the same bytes, so a code cannot be probed. */
describe('POST /api/create-payment-intent with a code that cannot be used', () => {
  const buy = (cookie: string, body: object) =>
    request(server)
      .post('/api/create-payment-intent')
      .set({ Cookie: cookie, 'X-Forwarded-For': platform.freshIp() })
      .send({ subject: 'Medical School Interviews', packageType: 'package5', ...body });
  const newStudent = async () => (await platform.signIn('student')).cookie;

  it('answers an unknown, a held and a spent code with the same 400, code and message', async () => {
    const adminCookie = await signedIn('admin');
    const newCode = async () =>
      (
        await request(server)
          .post('/api/admin/create-discount-code')
          .set({ Cookie: adminCookie, 'X-Forwarded-For': platform.freshIp() })
          .send({ discountPrice: 30 })
      ).body.code as string;
    const held = await newCode();
    const spent = await newCode();
    expect((await buy(await newStudent(), { discountCode: held })).status).toBe(200);
    const spender = await newStudent();
    const paying = await buy(spender, { discountCode: spent });
    const confirmed = await request(server)
      .post('/api/payments/demo/confirm')
      .set({ Cookie: spender, 'X-Forwarded-For': platform.freshIp() })
      .send({
        paymentId: paying.body.paymentId,
        clientSecret: paying.body.clientSecret,
        cardNumber: DemoCards.succeeds,
      });
    expect(confirmed.body).toEqual({ status: 'succeeded', message: null });

    const prober = await newStudent();
    const answers = [];
    for (const discountCode of ['NOPE2345', held, spent.toLowerCase()]) {
      const res = await buy(prober, { discountCode });
      answers.push({ status: res.status, body: res.body as unknown });
    }

    expect(answers).toEqual(
      Array.from({ length: 3 }, () => ({
        status: 400,
        body: { statusCode: 400, code: ErrorCodes.discountCodeInvalid, message: DiscountMessages.codeInvalid },
      })),
    );
    expect(await storedCode(held)).toMatchObject({ status: 'reserved' });
    expect(await storedCode(spent)).toMatchObject({ status: 'spent' });
  });
});
