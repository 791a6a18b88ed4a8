import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DemoCards, DiscountMessages, ErrorCodes, type Role, Subjects } from '@medtutor/contracts';
import { type ServiceProcess, startTestNats, type TestDatabase, type TestNats } from '@medtutor/nest-kit/testing';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import request from 'supertest';
import { serviceDatabase, startBuiltService } from './support/real-services.js';
import {
  type GatewayUnderTest,
  sessionCookieFrom,
  signIn,
  startGatewayOn,
  startTestGateway,
  type TestGateway,
} from './support/test-gateway.js';

// Two services start from their builds for the last describe; Jest's 5 s default is too short.
jest.setTimeout(60_000);

let gateway: TestGateway;
let server: Server;

beforeAll(async () => {
  gateway = await startTestGateway({ env: { TRUST_PROXY: 'true' } });
  server = gateway.app.getHttpServer();
});

afterAll(async () => {
  await gateway?.close();
});

async function signedIn(role: Role): Promise<string> {
  return (await signIn(gateway, role)).cookie;
}

const create = (cookie: string | undefined, body: unknown) => {
  const call = request(server).post('/api/admin/create-discount-code');
  return (cookie ? call.set('Cookie', cookie) : call).send(body as object);
};

describe('POST /api/admin/create-discount-code', () => {
  it('creates a code for an admin and passes the admin as the actor', async () => {
    const res = await create(await signedIn('admin'), { discountPrice: 45 });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({ code: expect.any(String), discountPrice: 45 });
    const sent = gateway.fake.lastRequest(Subjects.catalogPayments.createDiscountCode);
    expect(sent?.meta.actor?.role).toBe('admin');
    expect(sent?.data).toEqual({ discountPrice: 45 });
  });

  it('defaults an empty value to 30', async () => {
    const res = await create(await signedIn('admin'), { discountPrice: '' });

    expect(res.status).toBe(201);
    expect(res.body.discountPrice).toBe(30);
  });

  it('answers 400 with the rule for a value outside 1–100', async () => {
    const res = await create(await signedIn('admin'), { discountPrice: 0 });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: ErrorCodes.validationFailed,
      message: DiscountMessages.discountPriceInvalid,
      errors: [{ field: 'discountPrice', message: DiscountMessages.discountPriceInvalid }],
    });
  });

  it('answers 401 to a visitor and 403 to a student, without asking the service', async () => {
    const before = gateway.fake.received.length;

    expect((await create(undefined, { discountPrice: 30 })).status).toBe(401);
    expect((await create(await signedIn('student'), { discountPrice: 30 })).status).toBe(403);
    expect(
      gateway.fake.received
        .slice(before)
        .filter((received) => received.subject === Subjects.catalogPayments.createDiscountCode),
    ).toEqual([]);
  });
});

/**
 * The buyer's side through the real gateway, identity and catalog-payments (their builds): whatever
 * a code's state, the answer is the same bytes, so a code cannot be probed.
 */
describe('POST /api/create-payment-intent with a code that cannot be used (real services)', () => {
  const adminEmail = 'admin@example.com';
  const adminPassword = 'admin-pass-word-1';
  let nats: TestNats;
  let dbs: TestDatabase[] = [];
  let services: ServiceProcess[] = [];
  let real: GatewayUnderTest;
  let ip = 0;

  const fromIp = () => `198.51.100.${++ip % 250}`;
  const buy = (cookie: string, body: object) =>
    request(real.app.getHttpServer())
      .post('/api/create-payment-intent')
      .set({ Cookie: cookie, 'X-Forwarded-For': fromIp() })
      .send({ subject: 'Medical School Interviews', packageType: 'package5', ...body });
  const newStudent = async () => {
    const name = `buyer${randomBytes(4).toString('hex')}`;
    const res = await request(real.app.getHttpServer())
      .post('/api/register')
      .set('X-Forwarded-For', fromIp())
      .send({ username: name, email: `${name}@example.com`, password: 'buyer-pass-word-1' });
    expect(res.status).toBe(201);
    return sessionCookieFrom(res) as string;
  };

  beforeAll(async () => {
    nats = await startTestNats();
    const identityDb = await serviceDatabase('identity', 'gw_codes_identity');
    const paymentsDb = await serviceDatabase('catalog-payments', 'gw_codes_payments');
    dbs = [identityDb, paymentsDb];
    services = [
      await startBuiltService('identity', nats.url, {
        IDENTITY_DATABASE_URL: identityDb.url,
        PUBLIC_BASE_URL: 'http://localhost:8080',
        MAIL_FROM: 'MedPath Tests <no-reply@medpath.test>',
        MAIL_OUTBOX_DIR: '/tmp/medtutor-gw-codes-mail',
        SEED_ADMIN_EMAIL: adminEmail,
        SEED_ADMIN_PASSWORD: adminPassword,
        TOTP_ENCRYPTION_KEY: 'gateway-discount-code-tests-only-key-0123456789',
      }),
      await startBuiltService('catalog-payments', nats.url, {
        PAYMENTS_DATABASE_URL: paymentsDb.url,
        PAYMENTS_PROVIDER: 'demo',
        MAIL_FROM: 'MedPath Tests <no-reply@medpath.test>',
        MAIL_OUTBOX_DIR: '/tmp/medtutor-gw-codes-mail',
      }),
    ];
    real = await startGatewayOn(nats.url, { env: { TRUST_PROXY: 'true', RPC_TIMEOUT_MS: '5000' } });
  });

  afterAll(async () => {
    await real?.close();
    for (const service of services) await service.stop();
    for (const db of dbs) await db.drop();
    await nats?.stop();
  });

  it('answers an unknown, a held and a spent code with the same 400, code and message', async () => {
    const login = await request(real.app.getHttpServer())
      .post('/api/login')
      .set('X-Forwarded-For', fromIp())
      .send({ email: adminEmail, password: adminPassword });
    const adminCookie = sessionCookieFrom(login) as string;
    const newCode = async () =>
      (
        await request(real.app.getHttpServer())
          .post('/api/admin/create-discount-code')
          .set({ Cookie: adminCookie, 'X-Forwarded-For': fromIp() })
          .send({ discountPrice: 30 })
      ).body.code as string;
    const held = await newCode();
    const spent = await newCode();
    expect((await buy(await newStudent(), { discountCode: held })).status).toBe(200);
    const spender = await newStudent();
    const paying = await buy(spender, { discountCode: spent });
    const confirmed = await request(real.app.getHttpServer())
      .post('/api/payments/demo/confirm')
      .set({ Cookie: spender, 'X-Forwarded-For': fromIp() })
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
  });
});
