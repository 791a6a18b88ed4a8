import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DiscountMessages, ErrorCodes, type Role, Subjects } from '@medtutor/contracts';
import type { Server } from 'node:http';
import request from 'supertest';
import { signIn, startTestGateway, type TestGateway } from './support/test-gateway.js';

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
