import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, type MicroserviceOptions, Payload, Transport } from '@nestjs/microservices';
import {
  CheckFreeTrialBodySchema,
  type CheckFreeTrialReply,
  ErrorCodes,
  ServerMessages,
  Subjects,
} from '@medtutor/contracts';
import { parseRequest } from '@medtutor/nest-kit';
import { testActorKeys } from '@medtutor/nest-kit/testing';
import type { Server } from 'node:http';
import request from 'supertest';
import { loadGatewayConfig } from '../src/config/gateway-config.js';
import { type FakePayments, startFakePayments } from './support/fake-payments.js';
import { sessionCookieFrom, signIn, startTestGateway, type TestGateway } from './support/test-gateway.js';

/**
 * POST /api/create-payment-intent and POST /api/check-free-trial are limited per caller (the
 * signed-in user, else the session) and per address, each counter on its own.
 */
const PER_SESSION = 3;
const PER_IP = 5;

let gateway: TestGateway;
let server: Server;
let payments: { fake: FakePayments; stop: () => Promise<void> };
let freeTrialChecks = 0;

/** Tutoring's free-trial check, counting what reaches it. */
@Controller()
class FakeFreeTrialController {
  @MessagePattern(Subjects.tutoring.checkFreeTrial)
  check(@Payload() payload: unknown): CheckFreeTrialReply {
    parseRequest(CheckFreeTrialBodySchema, payload);
    freeTrialChecks++;
    return { hasUsedFreeTrial: false };
  }
}

@Module({ controllers: [FakeFreeTrialController] })
class FakeFreeTrialModule {}

let stopFreeTrial: () => Promise<void>;

beforeAll(async () => {
  gateway = await startTestGateway({
    env: {
      TRUST_PROXY: 'true',
      RATE_LIMIT_PAYMENT_INTENTS_SESSION: `${PER_SESSION}/1h`,
      RATE_LIMIT_PAYMENT_INTENTS_IP: `${PER_IP}/1h`,
      RATE_LIMIT_FREE_TRIAL_CHECKS_SESSION: `${PER_SESSION}/1h`,
      RATE_LIMIT_FREE_TRIAL_CHECKS_IP: `${PER_IP}/1h`,
    },
  });
  server = gateway.app.getHttpServer();
  payments = await startFakePayments(gateway.config.natsUrl);
  const tutoring = await NestFactory.createMicroservice<MicroserviceOptions>(FakeFreeTrialModule, {
    transport: Transport.NATS,
    options: { servers: [gateway.config.natsUrl], queue: 'fake-tutoring' },
    logger: false,
  });
  await tutoring.listen();
  stopFreeTrial = () => tutoring.close();
});

afterAll(async () => {
  await stopFreeTrial?.();
  await payments?.stop();
  await gateway?.close();
});

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
const intentsForwarded = () =>
  payments.fake.received.filter((received) => received.subject === Subjects.catalogPayments.createPaymentIntent).length;

function expectRateLimited(res: request.Response): void {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ statusCode: 429, code: ErrorCodes.rateLimited, message: ServerMessages.rateLimited });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('POST /api/create-payment-intent', () => {
  it('lets a buyer retry up to the per-session limit from any address, then answers 429 without asking the service', async () => {
    const { cookie } = await signIn(gateway, 'student');
    for (let attempt = 0; attempt < PER_SESSION; attempt++) {
      expect((await createIntent(cookie, nextIp())).status).toBe(200);
    }
    const before = intentsForwarded();

    expectRateLimited(await createIntent(cookie, nextIp()));
    expect(intentsForwarded()).toBe(before);
    // Another buyer is not held back by that one.
    expect((await createIntent((await signIn(gateway, 'student')).cookie, nextIp())).status).toBe(200);
  });

  it("counts every session of one user together: signing in again does not reset the buyer's limit", async () => {
    const { cookie, user } = await signIn(gateway, 'student');
    for (let attempt = 0; attempt < PER_SESSION; attempt++) {
      expect((await createIntent(cookie, nextIp())).status).toBe(200);
    }
    const again = await request(server)
      .post('/api/login')
      .set('X-Forwarded-For', nextIp())
      .send({ email: user.email, password: 'pass-word-1' });
    const secondCookie = sessionCookieFrom(again);
    expect(secondCookie).toBeDefined();

    expectRateLimited(await createIntent(secondCookie, nextIp()));
  });

  it('limits one address across buyers, each under their own limit; other addresses still pass', async () => {
    const ip = nextIp();
    for (let buyer = 0; buyer < PER_IP; buyer++) {
      expect((await createIntent((await signIn(gateway, 'student')).cookie, ip)).status).toBe(200);
    }
    const fresh = (await signIn(gateway, 'student')).cookie;

    expectRateLimited(await createIntent(fresh, ip));
    expect((await createIntent(fresh, nextIp())).status).toBe(200);
  });

  it('a visitor refused with 401 uses up nothing of the address', async () => {
    const ip = nextIp();
    for (let attempt = 0; attempt < PER_IP + 2; attempt++) {
      expect((await createIntent(undefined, ip)).status).toBe(401);
    }
    expect((await createIntent((await signIn(gateway, 'student')).cookie, ip)).status).toBe(200);
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
    const before = freeTrialChecks;
    const sessionKeys = () => gateway.redis.keys(`${gateway.keys.rateLimitPrefix('free-trial-checks-session')}*`);
    const keysBefore = (await sessionKeys()).length;

    expectRateLimited(await checkTrial(undefined, ip));
    expect(freeTrialChecks).toBe(before);
    // Refused at the address, a cookie-less request leaves no per-session counter behind.
    expect(await sessionKeys()).toHaveLength(keysBefore);
    expect((await checkTrial(undefined, nextIp())).status).toBe(200);
  });

  it('limits a signed-in user per session whatever the address', async () => {
    const { cookie } = await signIn(gateway, 'student');
    for (let attempt = 0; attempt < PER_SESSION; attempt++) {
      expect((await checkTrial(cookie, nextIp())).status).toBe(200);
    }

    expectRateLimited(await checkTrial(cookie, nextIp()));
    expect((await checkTrial((await signIn(gateway, 'student')).cookie, nextIp())).status).toBe(200);
  });

  it('counts apart from create-payment-intent: one route used up leaves the other open', async () => {
    const { cookie } = await signIn(gateway, 'student');
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
