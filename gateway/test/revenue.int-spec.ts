import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorCodes, RevenueByWeekDtoSchema, RevenueMessages, type Role, Subjects } from '@medtutor/contracts';
import type { Server } from 'node:http';
import request from 'supertest';
import { z } from 'zod';
import { type FakePayments, startFakePayments } from './support/fake-payments.js';
import { signIn, startTestGateway, type TestGateway } from './support/test-gateway.js';

let gateway: TestGateway;
let server: Server;
let payments: { fake: FakePayments; stop: () => Promise<void> };

beforeAll(async () => {
  gateway = await startTestGateway({ env: { TRUST_PROXY: 'true' } });
  server = gateway.app.getHttpServer();
  payments = await startFakePayments(gateway.config.natsUrl);
});

afterAll(async () => {
  await payments?.stop();
  await gateway?.close();
});

async function signedIn(role: Role): Promise<{ cookie: string; userId: number }> {
  const { cookie, user } = await signIn(gateway, role);
  return { cookie, userId: user.id };
}

const revenue = (cookie: string | undefined, query = '') => {
  const call = request(server).get(`/api/admin/revenue${query}`);
  return cookie ? call.set('Cookie', cookie) : call;
};

const revenueRequests = () =>
  payments.fake.received.filter((received) => received.subject === Subjects.catalogPayments.revenueByWeek);

describe('GET /api/admin/revenue', () => {
  it('asks catalog-payments for 12 weeks by default, as the admin, and answers the contract', async () => {
    const { cookie, userId } = await signedIn('admin');
    const res = await revenue(cookie);

    expect(res.status).toBe(200);
    expect(RevenueByWeekDtoSchema.parse(res.body).weeks).toHaveLength(12);
    const sent = payments.fake.lastRequest(Subjects.catalogPayments.revenueByWeek);
    expect(sent?.data).toEqual({ weeks: 12 });
    expect(sent?.meta.actor).toEqual({ userId, role: 'admin' });
  });

  it('passes each currency net of refunds, with gross and refunded, and the settled GBP total, whole', async () => {
    const res = await revenue((await signedIn('admin')).cookie, '?weeks=2');

    expect(res.status).toBe(200);
    expect(res.body.totals).toEqual([
      {
        currency: 'GBP',
        amountMinor: 11_400,
        formattedAmount: '£114.00',
        payments: 1,
        grossMinor: 19_000,
        refundedMinor: 7_600,
      },
      {
        currency: 'USD',
        amountMinor: 24_000,
        formattedAmount: '$240.00',
        payments: 1,
        grossMinor: 24_000,
        refundedMinor: 0,
      },
    ]);
    const settledGbp = {
      currency: 'GBP',
      amountMinor: 11_400,
      formattedAmount: '£114.00',
      settledPayments: 1,
      unsettledPayments: 1,
    };
    expect(res.body.settledGbp).toEqual(settledGbp);
    expect(res.body.weeks[1]).toMatchObject({ payments: 2, settledGbp });
    expect(res.body.weeks[0].settledGbp).toMatchObject({ amountMinor: 0, settledPayments: 0, unsettledPayments: 0 });
  });

  it('passes the number of weeks asked for', async () => {
    const res = await revenue((await signedIn('admin')).cookie, '?weeks=26');

    expect(res.status).toBe(200);
    expect(res.body.weeks).toHaveLength(26);
    expect(payments.fake.lastRequest(Subjects.catalogPayments.revenueByWeek)?.data).toEqual({ weeks: 26 });
  });

  it('answers 400 with the rule for a bad number of weeks, without asking the service', async () => {
    const { cookie } = await signedIn('admin');
    const before = revenueRequests().length;

    for (const query of ['?weeks=0', '?weeks=105', '?weeks=1.5', '?weeks=many', '?weeks=4&weeks=8']) {
      const res = await revenue(cookie, query);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        code: ErrorCodes.validationFailed,
        message: RevenueMessages.weeksInvalid,
        errors: [{ field: 'weeks', message: RevenueMessages.weeksInvalid }],
      });
    }
    expect(revenueRequests()).toHaveLength(before);
  });

  it('answers 401 to a visitor and 403 to a student or a tutor, without asking the service', async () => {
    const before = revenueRequests().length;

    const visitor = await revenue(undefined);
    expect(visitor.status).toBe(401);
    expect(visitor.body.code).toBe(ErrorCodes.unauthenticated);
    for (const role of ['student', 'tutor'] as const) {
      const res = await revenue((await signedIn(role)).cookie);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(ErrorCodes.forbidden);
    }
    expect(revenueRequests()).toHaveLength(before);
  });

  it('is documented with its weeks parameter and the reply schema from the contract', async () => {
    const res = await request(server).get('/api/docs/openapi.json');

    const operation = res.body.paths['/api/admin/revenue']?.get;
    expect(operation?.parameters).toEqual([expect.objectContaining({ name: 'weeks', in: 'query', required: false })]);
    expect(operation?.responses?.['200']?.content?.['application/json']?.schema).toEqual(
      z.toJSONSchema(RevenueByWeekDtoSchema, { target: 'openapi-3.0' }),
    );
  });
});
