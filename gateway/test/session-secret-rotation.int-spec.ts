import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Fixtures } from '@medtutor/contracts';
import request from 'supertest';
import { PLATFORM_START_MS, PLATFORM_STOP_MS, type RealPlatform, startRealPlatform } from './support/real-platform.js';
import { type GatewayUnderTest, sessionCookieFrom, startGatewayOn } from './support/test-gateway.js';

const oldSecret = 'the-secret-being-rotated-out-0123456789';
const newSecret = 'the-secret-rotated-in-now-0123456789ab';

let platform: RealPlatform;
let before: GatewayUnderTest;
let rotating: GatewayUnderTest;
let rotated: GatewayUnderTest;
let cookie: string;

beforeAll(async () => {
  // Every replica in front of the one real identity.
  platform = await startRealPlatform({ label: 'secret_rotation', services: [] });
  before = await startGatewayOn(platform.nats.url, { env: { SESSION_SECRET: oldSecret, RPC_TIMEOUT_MS: '5000' } });
  // Replicas after the rollout: same NATS and the same sessions in Redis, a new signing secret.
  const shared = { REDIS_KEY_PREFIX: before.config.redisKeyPrefix, SESSION_SECRET: newSecret, RPC_TIMEOUT_MS: '5000' };
  rotating = await startGatewayOn(platform.nats.url, { env: { ...shared, SESSION_SECRET_PREVIOUS: oldSecret } });
  rotated = await startGatewayOn(platform.nats.url, { env: shared });
  const res = await request(before.app.getHttpServer()).post('/api/register').send(Fixtures.registerBody);
  expect(res.status).toBe(201);
  cookie = sessionCookieFrom(res) ?? '';
  expect(cookie).not.toBe('');
}, PLATFORM_START_MS);

afterAll(async () => {
  // Each close empties the shared key prefix; the last one leaves nothing behind.
  await rotated?.close();
  await rotating?.close();
  await before?.close();
  await platform?.close();
}, PLATFORM_STOP_MS);

describe('rotating SESSION_SECRET', () => {
  it('keeps sessions signed with the previous secret while SESSION_SECRET_PREVIOUS names it', async () => {
    const res = await request(rotating.app.getHttpServer()).get('/api/user').set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(Fixtures.registerBody.email);
  });

  it('signs new cookies with the new secret only', async () => {
    const login = await request(rotating.app.getHttpServer())
      .post('/api/login')
      .send({ email: Fixtures.registerBody.email, password: Fixtures.registerBody.password });
    expect(login.status).toBe(200);
    const fresh = sessionCookieFrom(login) ?? '';
    expect((await request(rotated.app.getHttpServer()).get('/api/user').set('Cookie', fresh)).status).toBe(200);
  });

  it('refuses cookies of the old secret once it is dropped', async () => {
    const res = await request(rotated.app.getHttpServer()).get('/api/user').set('Cookie', cookie);
    expect(res.status).toBe(401);
  });
});
