import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorCodes, Fixtures, ServerMessages } from '@medtutor/contracts';
import { eventually, freePort } from '@medtutor/nest-kit/testing';
import request from 'supertest';
import { type PrivateRedis, startPrivateRedis } from './support/private-redis.js';
import {
  PASSWORD,
  PLATFORM_START_MS,
  PLATFORM_STOP_MS,
  type RealPlatform,
  startRealPlatform,
} from './support/real-platform.js';
import { type GatewayUnderTest, sessionCookieFrom, startGatewayOn } from './support/test-gateway.js';

/**
 * The gateway without Redis (issue 28): a Redis failover or a node drain must not take the public
 * site down. It stays ready; the shell's files and the public reads answer 200; whatever needs a
 * session or a Redis rate limit (a signed-in route, sign-in, registration) answers 503 at once, never
 * unlimited and never after a long wait; and all of it works again when Redis is back, without a
 * restart. The real identity, catalog-payments, tutoring and reviews behind a gateway on a
 * redis-server of this file's own, which the test kills.
 */
let platform: RealPlatform;
let redis: PrivateRedis;
let gateway: GatewayUnderTest;
let http: Server;

/** The shell's build as the gateway serves it: a page and a hashed asset. */
function shellBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'gw-redis-outage-frontends-'));
  const files: Record<string, string> = {
    'shell/dist/index.html': '<!doctype html><title>MedPath home page</title>',
    'shell/dist/routes.json': JSON.stringify({ routes: ['/', '/tutors'] }),
    'shell/dist/static/js/index.0123abcd.js': 'console.log("shell")',
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

beforeAll(async () => {
  platform = await startRealPlatform({
    label: 'medtutor_h2_redis_outage',
    services: ['catalog-payments', 'tutoring', 'reviews'],
  });
  redis = await startPrivateRedis();
  gateway = await startGatewayOn(platform.nats.url, {
    env: { REDIS_URL: redis.url, FRONTEND_DIR: shellBuild(), TRUST_PROXY: 'true', RPC_TIMEOUT_MS: '5000' },
  });
  http = gateway.app.getHttpServer() as Server;
}, PLATFORM_START_MS);

afterAll(async () => {
  await gateway?.close().catch(() => undefined);
  await redis?.stop();
  await platform?.close();
}, PLATFORM_STOP_MS);

const unavailable = {
  statusCode: 503,
  code: ErrorCodes.serviceUnavailable,
  message: ServerMessages.serviceUnavailable,
};
const PUBLIC_READS = ['/api/testimonials', '/api/tutors', '/api/catalog'] as const;
/** A fast 503: well under a second, not a Redis timeout (2 s) or a reconnect wait. */
const FAST_MS = 500;

async function timed<T>(action: () => Promise<T>): Promise<[T, number]> {
  const started = Date.now();
  const result = await action();
  return [result, Date.now() - started];
}

const login = (email: string) =>
  request(http).post('/api/login').set('X-Forwarded-For', platform.freshIp()).send({ email, password: PASSWORD });

describe('Redis down', () => {
  it('keeps the gateway ready, the public site up and refuses what needs Redis with a fast 503, until Redis is back', async () => {
    const { email } = (await platform.signIn('student')).user;
    const signedIn = await login(email);
    expect(signedIn.status).toBe(200);
    const cookie = sessionCookieFrom(signedIn)!;
    const before = new Map<string, unknown>();
    for (const path of PUBLIC_READS) {
      const res = await request(http).get(path);
      expect(res.status).toBe(200);
      before.set(path, res.body);
    }

    await redis.kill();

    const ready = await request(http).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ service: 'gateway', status: 'ok', checks: { nats: 'ok' } });
    // The shell's page and assets, and the public reads from memory, as before.
    const page = await request(http).get('/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('MedPath home page');
    expect((await request(http).get('/static/js/index.0123abcd.js')).status).toBe(200);
    for (const path of PUBLIC_READS) {
      const res = await request(http).get(path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(before.get(path));
    }
    // A visitor's session-free question needs no Redis either.
    expect((await request(http).get('/api/user')).status).toBe(401);

    // A signed-in route: the session lives in Redis.
    const [session, sessionMs] = await timed(() => request(http).get('/api/user').set('Cookie', cookie));
    expect(session.body).toEqual(unavailable);
    // Sign-in and registration are limited by counters in Redis: refused, never let through unlimited.
    const [signIn, signInMs] = await timed(() => login(email));
    expect(signIn.body).toEqual(unavailable);
    const [register, registerMs] = await timed(() =>
      request(http).post('/api/register').set('X-Forwarded-For', platform.freshIp()).send({
        username: 'outage',
        email: 'outage@example.com',
        password: PASSWORD,
        dateOfBirth: Fixtures.adultDateOfBirth,
      }),
    );
    expect(register.body).toEqual(unavailable);
    expect(Math.max(sessionMs, signInMs, registerMs)).toBeLessThan(FAST_MS);

    await redis.restart();
    const backAt = Date.now();
    // Sessions were in the Redis that died (this one keeps nothing): signing in again works.
    await eventually(async () => (await login(email)).status === 200, 10_000, 'sign-in after Redis is back');
    console.info(
      `Redis killed: ready throughout; a session route 503 in ${sessionMs} ms, sign-in in ${signInMs} ms, registration in ${registerMs} ms; back: signing in after ${Date.now() - backAt} ms`,
    );
  }, 30_000);

  it('starts without Redis: ready, public reads answered, sign-in a fast 503', async () => {
    const nowhere = `redis://127.0.0.1:${await freePort()}`;
    const [alone, startMs] = await timed(() =>
      startGatewayOn(platform.nats.url, { env: { REDIS_URL: nowhere, TRUST_PROXY: 'true', RPC_TIMEOUT_MS: '5000' } }),
    );
    const server = alone.app.getHttpServer() as Server;
    try {
      expect(startMs).toBeLessThan(10_000);
      expect((await request(server).get('/readyz')).status).toBe(200);
      for (const path of PUBLIC_READS) {
        await eventually(async () => (await request(server).get(path)).status === 200, 10_000, `${path} 200`);
      }
      const [signIn, signInMs] = await timed(() =>
        request(server).post('/api/login').send({ email: 'someone@example.com', password: PASSWORD }),
      );
      expect(signIn.body).toEqual(unavailable);
      expect(signInMs).toBeLessThan(FAST_MS);
    } finally {
      await alone.app.close();
      alone.redis.disconnect();
    }
  }, 30_000);
});
