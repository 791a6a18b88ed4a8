import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DemoCards, Fixtures, serverCookieNames, SiteCookies } from '@medtutor/contracts';
import request, { type Response } from 'supertest';
import { PLATFORM_START_MS, PLATFORM_STOP_MS, type RealPlatform, startRealPlatform } from './support/real-platform.js';

/**
 * Issue 26 point 5: the site sets only the cookies the privacy policy lists (SiteCookies in
 * contracts, which the policy page renders). A visitor's whole journey through the gateway, from
 * the first page to paying and logging out: every Set-Cookie name must be a documented one.
 */
let platform: RealPlatform;

beforeAll(async () => {
  platform = await startRealPlatform({ label: 'cookies', services: ['catalog-payments'] });
}, PLATFORM_START_MS);

afterAll(async () => {
  await platform?.close();
}, PLATFORM_STOP_MS);

const cookieNames = (res: Response): string[] => {
  const header = res.headers['set-cookie'] as unknown as string[] | undefined;
  return (header ?? []).map((cookie) => cookie.slice(0, cookie.indexOf('=')));
};

describe('cookies', () => {
  it('sets only the documented session cookie across a visit, a registration, a payment and a logout', async () => {
    const seen = new Set<string>();
    const agent = request.agent(platform.server);
    const record = (res: Response) => {
      for (const name of cookieNames(res)) seen.add(name);
      return res;
    };
    const ip = platform.freshIp();

    // A visitor reading public data gets no cookie at all.
    record(await agent.get('/api/catalog').set('X-Forwarded-For', ip));
    record(await agent.get('/api/user').set('X-Forwarded-For', ip));
    record(await agent.get('/healthz'));
    expect([...seen]).toEqual([]);

    const registered = record(
      await agent
        .post('/api/register')
        .set('X-Forwarded-For', ip)
        .send({ ...Fixtures.registerBody, dateOfBirth: Fixtures.adultDateOfBirth }),
    );
    expect(registered.status).toBe(201);
    const intent = record(
      await agent
        .post('/api/create-payment-intent')
        .set('X-Forwarded-For', ip)
        .send({ subject: 'Medical School Interviews', packageType: 'package5' }),
    );
    expect(intent.status).toBe(200);
    const paid = record(
      await agent.post('/api/payments/demo/confirm').set('X-Forwarded-For', ip).send({
        paymentId: intent.body.paymentId,
        clientSecret: intent.body.clientSecret,
        cardNumber: DemoCards.succeeds,
      }),
    );
    expect(paid.status).toBe(200);
    record(await agent.post('/api/logout').set('X-Forwarded-For', ip));

    expect([...seen].sort()).toEqual(serverCookieNames(false));
  });

  it('documents, for each cookie, who sets it, why and for how long', () => {
    expect(serverCookieNames(true)).toEqual(['__Host-sid']);
    for (const cookie of SiteCookies) {
      expect(cookie.purpose.length).toBeGreaterThan(20);
      expect(cookie.lifetime).not.toBe('');
    }
  });
});
