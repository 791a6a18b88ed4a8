import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorCodes, ServerMessages, Subjects } from '@medtutor/contracts';
import { testActorKeys } from '@medtutor/nest-kit/testing';
import type { Server } from 'node:http';
import request from 'supertest';
import { loadGatewayConfig } from '../src/config/gateway-config.js';
import {
  PASSWORD,
  PLATFORM_START_MS,
  PLATFORM_STOP_MS,
  type RealPlatform,
  startRealPlatform,
} from './support/real-platform.js';
import { sessionCookieFrom } from './support/test-gateway.js';

/**
 * POST /api/create-payment-intent and POST /api/check-free-trial are limited per caller (the
 * signed-in user, else the session) and per address, each counter on its own; what passes reaches
 * the real catalog-payments and tutoring.
 */
const PER_SESSION = 3;
const PER_IP = 5;

let platform: RealPlatform;
let server: Server;

beforeAll(async () => {
  platform = await startRealPlatform({
    label: 'caller_limits',
    services: ['catalog-payments', 'tutoring'],
    gatewayEnv: {
      RATE_LIMIT_PAYMENT_INTENTS_SESSION: `${PER_SESSION}/1h`,
      RATE_LIMIT_PAYMENT_INTENTS_IP: `${PER_IP}/1h`,
      RATE_LIMIT_FREE_TRIAL_CHECKS_SESSION: `${PER_SESSION}/1h`,
      RATE_LIMIT_FREE_TRIAL_CHECKS_IP: `${PER_IP}/1h`,
    },
    watch: [Subjects.catalogPayments.createPaymentIntent, Subjects.tutoring.checkFreeTrial],
  });
  server = platform.server;
}, PLATFORM_START_MS);

afterAll(() => platform?.close(), PLATFORM_STOP_MS);

const signIn = (role: 'student') => platform.signIn(role);

let ipCounter = 0;
/** An address of its own unless a test means to share one. */
const nextIp = () => `192.0.2.${++ipCounter}`;

const intentBody = { subject: 'Medical School Interviews', packageType: 'package5', currency: 'GBP' };
const trialBody = { email: 'someone@example.com', phone: '07700 900123' };

const createIntent = (cookie: string | undefined, ip: string) => {
  const call = request(server).post('/api/create-payment-intent').set('X-Forwarded-For', ip);
  return (cookie ? call.set('Cookie', cookie) : call).send(intentBody);
};
const checkTrial = (cookie: string | undefined, ip: string) => {
  const call = request(server).post('/api/check-free-trial').set('X-Forwarded-For', ip);
  return (cookie ? call.set('Cookie', cookie) : call).send(trialBody);
};
const intentsForwarded = () => platform.requests.count(Subjects.catalogPayments.createPaymentIntent);
const freeTrialChecks = () => platform.requests.count(Subjects.tutoring.checkFreeTrial);

function expectRateLimited(res: request.Response): void {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ statusCode: 429, code: ErrorCodes.rateLimited, message: ServerMessages.rateLimited });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('POST /api/create-payment-intent', () => {
  it('lets a buyer retry up to the per-session limit from any address, then answers 429 without asking the service', async () => {
    const { cookie } = await signIn('student');
    for (let attempt = 0; attempt < PER_SESSION; attempt++) {
      expect((await createIntent(cookie, nextIp())).status).toBe(200);
    }
    const before = await intentsForwarded();

    expectRateLimited(await createIntent(cookie, nextIp()));
    expect(await intentsForwarded()).toBe(before);
    // Another buyer is not held back by that one.
    expect((await createIntent((await signIn('student')).cookie, nextIp())).status).toBe(200);
  });

  it("counts every session of one user together: signing in again does not reset the buyer's limit", async () => {
    const { cookie, user } = await signIn('student');
    for (let attempt = 0; attempt < PER_SESSION; attempt++) {
      expect((await createIntent(cookie, nextIp())).status).toBe(200);
    }
    const again = await request(server)
      .post('/api/login')
      .set('X-Forwarded-For', nextIp())
      .send({ email: user.email, password: PASSWORD });
    const secondCookie = sessionCookieFrom(again);
    expect(secondCookie).toBeDefined();

    expectRateLimited(await createIntent(secondCookie, nextIp()));
  });

  it('limits one address across buyers, each under their own limit; other addresses still pass', async () => {
    const ip = nextIp();
    for (let buyer = 0; buyer < PER_IP; buyer++) {
      expect((await createIntent((await signIn('student')).cookie, ip)).status).toBe(200);
    }
    const fresh = (await signIn('student')).cookie;

    expectRateLimited(await createIntent(fresh, ip));
    expect((await createIntent(fresh, nextIp())).status).toBe(200);
  });

  it('a visitor refused with 401 uses up nothing of the address', async () => {
    const ip = nextIp();
    for (let attempt = 0; attempt < PER_IP + 2; attempt++) {
      expect((await createIntent(undefined, ip)).status).toBe(401);
    }
    expect((await createIntent((await signIn('student')).cookie, ip)).status).toBe(200);
  });
});

describe('POST /api/check-free-trial', () => {
  it('answers a visitor up to the per-address limit, then 429 without asking tutoring', async () => {
    const ip = nextIp();
    for (let attempt = 0; attempt < PER_IP; attempt++) {
      const res = await checkTrial(undefined, ip);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ hasUsedFreeTrial: false });
    }
    const before = await freeTrialChecks();
    const sessionKeys = () =>
      platform.gateway.redis.keys(`${platform.gateway.keys.rateLimitPrefix('free-trial-checks-session')}*`);
    const keysBefore = (await sessionKeys()).length;

    expectRateLimited(await checkTrial(undefined, ip));
    expect(await freeTrialChecks()).toBe(before);
    // Refused at the address, a cookie-less request leaves no per-session counter behind.
    expect(await sessionKeys()).toHaveLength(keysBefore);
    expect((await checkTrial(undefined, nextIp())).status).toBe(200);
  });

  it('limits a signed-in user per session whatever the address', async () => {
    const { cookie } = await signIn('student');
    for (let attempt = 0; attempt < PER_SESSION; attempt++) {
      expect((await checkTrial(cookie, nextIp())).status).toBe(200);
    }

    expectRateLimited(await checkTrial(cookie, nextIp()));
    expect((await checkTrial((await signIn('student')).cookie, nextIp())).status).toBe(200);
  });

  it('counts apart from create-payment-intent: one route used up leaves the other open', async () => {
    const { cookie } = await signIn('student');
    for (let attempt = 0; attempt < PER_SESSION; attempt++) {
      expect((await checkTrial(cookie, nextIp())).status).toBe(200);
    }
    expectRateLimited(await checkTrial(cookie, nextIp()));

    expect((await createIntent(cookie, nextIp())).status).toBe(200);
  });
});

describe('configuration', () => {
  it('has defaults for a buyer who retries, and refuses a malformed limit naming the variable', () => {
    const required = { ACTOR_SIGNING_KEY: testActorKeys.env.ACTOR_SIGNING_KEY };
    expect(loadGatewayConfig(required).rateLimits).toMatchObject({
      paymentIntentsPerSession: { points: 20, durationSeconds: 3600 },
      paymentIntentsPerIp: { points: 60, durationSeconds: 3600 },
      freeTrialChecksPerSession: { points: 20, durationSeconds: 3600 },
      freeTrialChecksPerIp: { points: 60, durationSeconds: 3600 },
    });
    for (const variable of [
      'RATE_LIMIT_PAYMENT_INTENTS_SESSION',
      'RATE_LIMIT_PAYMENT_INTENTS_IP',
      'RATE_LIMIT_FREE_TRIAL_CHECKS_SESSION',
      'RATE_LIMIT_FREE_TRIAL_CHECKS_IP',
    ]) {
      expect(() => loadGatewayConfig({ ...required, [variable]: 'unlimited' })).toThrow(new RegExp(variable));
      expect(() => loadGatewayConfig({ ...required, [variable]: '0/1h' })).toThrow(new RegExp(variable));
    }
  });
});
