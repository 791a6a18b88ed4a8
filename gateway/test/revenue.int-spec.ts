import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorCodes, RevenueByWeekDtoSchema, RevenueMessages, type Role, Subjects } from '@medtutor/contracts';
import type { Server } from 'node:http';
import request from 'supertest';
import { z } from 'zod';
import {
  paidPayment,
  PLATFORM_START_MS,
  PLATFORM_STOP_MS,
  type RealPlatform,
  startRealPlatform,
} from './support/real-platform.js';

/**
 * The weekly revenue through the gateway from the real catalog-payments (demo provider, a fresh
 * database): the only payments are the ones this file makes, so the sums are exact.
 */
let platform: RealPlatform;
let server: Server;

beforeAll(async () => {
  platform = await startRealPlatform({
    label: 'revenue',
    services: ['catalog-payments'],
    watch: [Subjects.catalogPayments.revenueByWeek],
  });
  server = platform.server;
}, PLATFORM_START_MS);

afterAll(() => platform?.close(), PLATFORM_STOP_MS);

async function signedIn(role: Role): Promise<{ cookie: string; userId: number }> {
  const { cookie, user } = await platform.signIn(role);
  return { cookie, userId: user.id };
}

const revenue = (cookie: string | undefined, query = '') => {
  const call = request(server).get(`/api/admin/revenue${query}`);
  return cookie ? call.set('Cookie', cookie) : call;
};

const revenueRequests = () => platform.requests.count(Subjects.catalogPayments.revenueByWeek);

describe('GET /api/admin/revenue', () => {
  it('asks catalog-payments for 12 weeks by default, as the admin, and answers the contract', async () => {
    const { cookie, userId } = await signedIn('admin');
    const res = await revenue(cookie);

    expect(res.status).toBe(200);
    expect(RevenueByWeekDtoSchema.parse(res.body).weeks).toHaveLength(12);
    const sent = await platform.requests.last(Subjects.catalogPayments.revenueByWeek);
    expect(sent?.data).toEqual({ weeks: 12 });
    expect(sent?.meta.actor).toEqual({ userId, role: 'admin' });
  });

  it('answers each currency net of refunds, with gross and refunded, and the settled GBP total (a demo USD payment has no rate)', async () => {
    const admin = (await signedIn('admin')).cookie;
    const gbp = await paidPayment(platform);
    const refunded = await request(server)
      .post(`/api/admin/payments/${gbp.paymentId}/refund`)
      .set('Cookie', admin)
      .send({ amount: 7_600, reason: 'Two sessions cancelled' });
    expect(refunded.status).toBe(200);
    // Interviews, 5 sessions, in USD: £190 × 1.27.
    await paidPayment(platform, { currency: 'USD' });

    const res = await revenue(admin, '?weeks=2');

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
        amountMinor: 24_130,
        formattedAmount: '$241.30',
        payments: 1,
        grossMinor: 24_130,
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
    expect((await platform.requests.last(Subjects.catalogPayments.revenueByWeek))?.data).toEqual({ weeks: 26 });
  });

  it('answers 400 with the rule for a bad number of weeks, without asking the service', async () => {
    const { cookie } = await signedIn('admin');
    const before = await revenueRequests();

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
    expect(await revenueRequests()).toBe(before);
  });

  it('answers 401 to a visitor and 403 to a student or a tutor, without asking the service', async () => {
    const before = await revenueRequests();

    const visitor = await revenue(undefined);
    expect(visitor.status).toBe(401);
    expect(visitor.body.code).toBe(ErrorCodes.unauthenticated);
    for (const role of ['student', 'tutor'] as const) {
      const res = await revenue((await signedIn(role)).cookie);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(ErrorCodes.forbidden);
    }
    expect(await revenueRequests()).toBe(before);
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
