import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorCodes, Fixtures, ServerMessages, Subjects } from '@medtutor/contracts';
import { eventually, sql } from '@medtutor/nest-kit/testing';
import { createHash } from 'node:crypto';
import request from 'supertest';
import { PLATFORM_START_MS, PLATFORM_STOP_MS, type RealPlatform, startRealPlatform } from './support/real-platform.js';
import { type GatewayUnderTest, sessionCookieFrom, startGatewayOn } from './support/test-gateway.js';

/**
 * Sign-in throttling that never locks an account for everyone, the client address it is keyed by
 * (TRUST_PROXY on and off), and sessions ended by identity's "sessions valid after" time: gateways
 * of each configuration in front of one real identity, whose process a test freezes to stop it answering.
 */
let platform: RealPlatform;

beforeAll(async () => {
  platform = await startRealPlatform({
    label: 'account_security',
    services: [],
    gatewayEnv: { RPC_TIMEOUT_MS: '2000' },
    watch: [Subjects.identity.resetPassword],
  });
}, PLATFORM_START_MS);

afterAll(() => platform?.close(), PLATFORM_STOP_MS);

/** An account made through the route, as its owner makes it. */
async function registered(email: string, password: string): Promise<{ id: number }> {
  const res = await request(platform.server)
    .post('/api/register')
    .set('X-Forwarded-For', platform.freshIp())
    .send({ username: email.split('@')[0], email, password });
  expect(res.status).toBe(201);
  return { id: res.body.id as number };
}
/** Another gateway on the platform's NATS and identity, configured as the describe needs. */
const gatewayWith = (env: Record<string, string>) =>
  startGatewayOn(platform.nats.url, { env: { RPC_TIMEOUT_MS: '5000', ...env } });
const rateLimited = expect.objectContaining({
  statusCode: 429,
  code: ErrorCodes.rateLimited,
  message: ServerMessages.rateLimited,
});

let counter = 0;
const uniqueEmail = (label: string) => `${label}${++counter}x${Date.now()}@example.com`;

function loginOn(gateway: GatewayUnderTest, email: string, password: string, forwardedFor?: string) {
  const call = request(gateway.app.getHttpServer()).post('/api/login');
  return (forwardedFor ? call.set('X-Forwarded-For', forwardedFor) : call).send({ email, password });
}

describe('behind a trusted proxy (TRUST_PROXY=1: the address the ingress appended)', () => {
  let gateway: GatewayUnderTest;

  beforeAll(async () => {
    gateway = await gatewayWith({ TRUST_PROXY: '1', RATE_LIMIT_LOGIN_IP: '8/1h' });
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('lets the victim sign in from another address at once while an attacker hammers their email', async () => {
    const email = uniqueEmail('victim');
    await registered(email, 'victims-own-secret-1');
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
    await registered(email, 'right-secret-1');
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
    await registered(email, 'bystander-secret-1');
    expect((await loginOn(gateway, email, 'bystander-secret-1', '203.0.113.81')).status).toBe(200);
  });

  it('keys by the address the proxy appended, not one the client wrote before it', async () => {
    const email = uniqueEmail('spoof');
    await registered(email, 'right-secret-1');
    for (let attempt = 1; attempt <= 5; attempt++) {
      const spoofed = `192.0.2.${attempt}, 203.0.113.90`;
      expect((await loginOn(gateway, email, 'wrong', spoofed)).status).toBe(401);
    }
    expect((await loginOn(gateway, email, 'wrong', '192.0.2.99, 203.0.113.90')).status).toBe(429);
    expect((await loginOn(gateway, email, 'right-secret-1', '192.0.2.99, 203.0.113.91')).status).toBe(200);
  });
});

describe('without TRUST_PROXY', () => {
  let gateway: GatewayUnderTest;

  beforeAll(async () => {
    gateway = await gatewayWith({});
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('ignores X-Forwarded-For: rotating it does not escape the throttling', async () => {
    const email = uniqueEmail('direct');
    await registered(email, 'right-secret-1');
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await loginOn(gateway, email, 'wrong', `198.51.100.${attempt}`)).status).toBe(401);
    }
    const blocked = await loginOn(gateway, email, 'wrong', '198.51.100.200');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sessions valid after', () => {
  let gateway: GatewayUnderTest;

  // A gateway of its own, started after the others closed: passport's strategies are per process, and
  // the last gateway to start owns them.
  beforeAll(async () => {
    gateway = await gatewayWith({ TRUST_PROXY: 'true', RPC_TIMEOUT_MS: '2000' });
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
    const user = await registered(email, 'old-secret-1');
    const laptop = await signIn(email, 'old-secret-1', '198.51.100.31');
    const phone = await signIn(email, 'old-secret-1', '198.51.100.32');
    const bystanderEmail = uniqueEmail('bystander');
    await registered(bystanderEmail, 'other-secret-1');
    const bystander = await signIn(bystanderEmail, 'other-secret-1', '198.51.100.33');
    expect((await me(phone)).status).toBe(200);

    // The link identity mailed, written directly: only its hash is stored.
    await sql(
      platform.databases.identity!,
      `INSERT INTO password_resets (user_id, email, token_hash, expires_at) VALUES ($1, $2, $3, now() + interval '1 hour')`,
      [user.id, email, createHash('sha256').update('lost-reply-token', 'utf8').digest('hex')],
    );
    const asked = await platform.requests.count(Subjects.identity.resetPassword);
    // The reset reaches identity while it is frozen: the gateway gives up; identity does it on thawing.
    const frozen = platform.pauseService('identity');
    try {
      const reset = await request(gateway.app.getHttpServer())
        .post('/api/reset-password')
        .send({ ...Fixtures.resetPasswordBody, token: 'lost-reply-token' });
      // The gateway never heard that the reset happened, so it could not end the sessions itself.
      expect(reset.status).toBe(503);
      expect(await platform.requests.count(Subjects.identity.resetPassword)).toBe(asked + 1);
    } finally {
      frozen.resume();
    }
    const validAfter = () =>
      sql<{ sessions_valid_after: Date | null }>(
        platform.databases.identity!,
        'SELECT sessions_valid_after FROM users WHERE id = $1',
        [user.id],
      );
    await eventually(async () => (await validAfter())[0]?.sessions_valid_after != null, 8_000, 'identity to reset');
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
    await registered(email, 'old-secret-1');
    const cookie = await signIn(email, 'old-secret-1', '198.51.100.51');
    const frozen = platform.pauseService('identity');
    try {
      // Nothing cached for this new session: other calls wait on identity and answer 503...
      expect((await me(cookie)).status).toBe(503);
      // ...but logout does not depend on it.
      const out = await request(gateway.app.getHttpServer()).post('/api/logout').set('Cookie', cookie);
      expect(out.status).toBe(200);
    } finally {
      frozen.resume();
    }
    expect((await me(cookie)).status).toBe(401);
  }, 15_000);

  it('ends a session whose account no longer exists on any request', async () => {
    const email = uniqueEmail('gone');
    const user = await registered(email, 'old-secret-1');
    const cookie = await signIn(email, 'old-secret-1', '198.51.100.41');
    await sql(platform.databases.identity!, 'DELETE FROM users WHERE id = $1', [user.id]);
    await eventually(
      async () =>
        (await request(gateway.app.getHttpServer()).get('/api/auth/2fa').set('Cookie', cookie)).status === 401,
      8_000,
      'the session to end',
    );
  }, 15_000);
});
