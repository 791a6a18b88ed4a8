import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorCodes, Fixtures, ServerMessages, Subjects } from '@medtutor/contracts';
import { eventually } from '@medtutor/nest-kit/testing';
import request from 'supertest';
import { sessionCookieFrom, startTestGateway, type TestGateway } from './support/test-gateway.js';

/**
 * Sign-in throttling that never locks an account for everyone, the client address it is keyed by
 * (TRUST_PROXY on and off), and sessions ended by identity's "sessions valid after" time.
 */
const rateLimited = expect.objectContaining({
  statusCode: 429,
  code: ErrorCodes.rateLimited,
  message: ServerMessages.rateLimited,
});

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${++counter}-${Date.now()}@example.com`;

function loginOn(gateway: TestGateway, email: string, password: string, forwardedFor?: string) {
  const call = request(gateway.app.getHttpServer()).post('/api/login');
  return (forwardedFor ? call.set('X-Forwarded-For', forwardedFor) : call).send({ email, password });
}

describe('behind a trusted proxy (TRUST_PROXY=1: the address the ingress appended)', () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startTestGateway({ env: { TRUST_PROXY: '1', RATE_LIMIT_LOGIN_IP: '8/1h' } });
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('lets the victim sign in from another address at once while an attacker hammers their email', async () => {
    const email = uniqueEmail('victim');
    gateway.fake.addUser({ email, password: 'victims-own-secret-1' });
    const attacker = '203.0.113.66';
    const statuses: number[] = [];
    // More attempts than any per-account limit would allow: such a limit would lock the owner out.
    for (let attempt = 1; attempt <= 25; attempt++) {
      const res = await loginOn(gateway, email, `guess-${attempt}`, attacker);
      statuses.push(res.status);
      if (res.status === 429) expect(res.body).toEqual(rateLimited);
    }
    // Five free failures, then waits: the attacker is held back...
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(20).fill(429)]);
    // ...even with the right password, from that address...
    expect((await loginOn(gateway, email, 'victims-own-secret-1', attacker)).status).toBe(429);
    // ...while the owner, elsewhere, signs in at once.
    const victim = await loginOn(gateway, email, 'victims-own-secret-1', '198.51.100.20');
    expect(victim.status).toBe(200);
    expect(sessionCookieFrom(victim)).toBeDefined();
  });

  it('makes each wait after the free failures longer than the last', async () => {
    const email = uniqueEmail('slow');
    gateway.fake.addUser({ email, password: 'right-secret-1' });
    const ip = '203.0.113.70';
    for (let attempt = 1; attempt <= 5; attempt++)
      expect((await loginOn(gateway, email, 'wrong', ip)).status).toBe(401);
    const waits: number[] = [];
    const [key] = await gateway.redis.keys(`${gateway.keys.rateLimitPrefix('login-delay:')}*:${ip}`);
    for (let round = 0; round < 3; round++) {
      const blocked = await loginOn(gateway, email, 'wrong', ip);
      expect(blocked.status).toBe(429);
      waits.push(Number(blocked.headers['retry-after']));
      // As if that wait had passed: the last failure moved back by the wait.
      const last = Number(await gateway.redis.hget(key as string, 't'));
      await gateway.redis.hset(key as string, 't', last - waits[round]! * 1000);
      expect((await loginOn(gateway, email, 'wrong', ip)).status).toBe(401);
    }
    expect(waits[0]).toBeGreaterThan(0);
    expect(waits[1]).toBeGreaterThan(waits[0]!);
    expect(waits[2]).toBeGreaterThan(waits[1]!);
    expect(Math.max(...waits)).toBeLessThanOrEqual(gateway.config.rateLimits.loginPerEmailAndIp.durationSeconds);
  });

  it('holds one address to a budget of failures across emails, and only that address', async () => {
    const ip = '203.0.113.80';
    const budget = gateway.config.rateLimits.loginPerIp.points;
    for (let n = 1; n <= budget; n++) {
      expect((await loginOn(gateway, uniqueEmail('spray'), 'spray-guess-1', ip)).status).toBe(401);
    }
    const sprayed = await loginOn(gateway, uniqueEmail('spray'), 'spray-guess-1', ip);
    expect(sprayed.status).toBe(429);
    expect(sprayed.body).toEqual(rateLimited);
    const email = uniqueEmail('bystander');
    gateway.fake.addUser({ email, password: 'bystander-secret-1' });
    expect((await loginOn(gateway, email, 'bystander-secret-1', '203.0.113.81')).status).toBe(200);
  });

  it('keys by the address the proxy appended, not one the client wrote before it', async () => {
    const email = uniqueEmail('spoof');
    gateway.fake.addUser({ email, password: 'right-secret-1' });
    for (let attempt = 1; attempt <= 5; attempt++) {
      const spoofed = `192.0.2.${attempt}, 203.0.113.90`;
      expect((await loginOn(gateway, email, 'wrong', spoofed)).status).toBe(401);
    }
    expect((await loginOn(gateway, email, 'wrong', '192.0.2.99, 203.0.113.90')).status).toBe(429);
    expect((await loginOn(gateway, email, 'right-secret-1', '192.0.2.99, 203.0.113.91')).status).toBe(200);
  });
});

describe('without TRUST_PROXY', () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startTestGateway({ env: {} });
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('ignores X-Forwarded-For: rotating it does not escape the throttling', async () => {
    const email = uniqueEmail('direct');
    gateway.fake.addUser({ email, password: 'right-secret-1' });
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await loginOn(gateway, email, 'wrong', `198.51.100.${attempt}`)).status).toBe(401);
    }
    const blocked = await loginOn(gateway, email, 'wrong', '198.51.100.200');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sessions valid after', () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startTestGateway({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await gateway?.close();
  });

  const signIn = async (email: string, password: string, ip: string) => {
    const res = await loginOn(gateway, email, password, ip);
    expect(res.status).toBe(200);
    return sessionCookieFrom(res) as string;
  };
  const me = (cookie: string) => request(gateway.app.getHttpServer()).get('/api/user').set('Cookie', cookie);

  it('ends every other session after a reset whose answer never reached the gateway', async () => {
    const email = uniqueEmail('reset');
    const user = gateway.fake.addUser({ email, password: 'old-secret-1' });
    const laptop = await signIn(email, 'old-secret-1', '198.51.100.31');
    const phone = await signIn(email, 'old-secret-1', '198.51.100.32');
    const bystanderEmail = uniqueEmail('bystander');
    gateway.fake.addUser({ email: bystanderEmail, password: 'other-secret-1' });
    const bystander = await signIn(bystanderEmail, 'other-secret-1', '198.51.100.33');
    expect((await me(phone)).status).toBe(200);

    gateway.fake.resetTokens.set('lost-reply-token', user.id);
    gateway.fake.replyLost.add(Subjects.identity.resetPassword);
    try {
      const reset = await request(gateway.app.getHttpServer())
        .post('/api/reset-password')
        .set('Cookie', laptop)
        .send({ ...Fixtures.resetPasswordBody, token: 'lost-reply-token' });
      // The gateway never heard that the reset happened, so it could not end the sessions itself.
      expect(reset.status).toBe(503);
    } finally {
      gateway.fake.replyLost.delete(Subjects.identity.resetPassword);
    }
    expect(gateway.fake.sessionsValidAfter.get(user.id)).toBeDefined();
    // Within the validity cache's few seconds, both devices are signed out; the session is destroyed.
    await eventually(async () => (await me(phone)).status === 401, 8_000, 'the phone session to end');
    expect((await me(laptop)).status).toBe(401);
    expect((await me(bystander)).status).toBe(200);
    // Signing in again with the new password starts a session that stays valid.
    const fresh = await signIn(email, Fixtures.resetPasswordBody.password, '198.51.100.34');
    expect((await me(fresh)).status).toBe(200);
  }, 20_000);

  it('signs out even while identity does not answer the session check', async () => {
    const email = uniqueEmail('outage');
    gateway.fake.addUser({ email, password: 'old-secret-1' });
    const cookie = await signIn(email, 'old-secret-1', '198.51.100.51');
    gateway.fake.silent.add(Subjects.identity.sessionValidity);
    try {
      // Nothing cached for this new session: other calls wait on identity and answer 503...
      expect((await me(cookie)).status).toBe(503);
      // ...but logout does not depend on it.
      const out = await request(gateway.app.getHttpServer()).post('/api/logout').set('Cookie', cookie);
      expect(out.status).toBe(200);
    } finally {
      gateway.fake.silent.delete(Subjects.identity.sessionValidity);
    }
    expect((await me(cookie)).status).toBe(401);
  }, 15_000);

  it('ends a session whose account no longer exists on any request', async () => {
    const email = uniqueEmail('gone');
    const user = gateway.fake.addUser({ email, password: 'old-secret-1' });
    const cookie = await signIn(email, 'old-secret-1', '198.51.100.41');
    gateway.fake.deleteUser(user.id);
    await eventually(
      async () =>
        (await request(gateway.app.getHttpServer()).get('/api/auth/2fa').set('Cookie', cookie)).status === 401,
      8_000,
      'the session to end',
    );
  }, 15_000);
});
