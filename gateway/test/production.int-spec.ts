import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Server } from 'node:http';
import { Fixtures, serverCookieNames } from '@medtutor/contracts';
import { testRedisUrl } from '@medtutor/nest-kit/testing';
import request from 'supertest';
import { PLATFORM_START_MS, PLATFORM_STOP_MS, type RealPlatform, startRealPlatform } from './support/real-platform.js';
import { type GatewayUnderTest, setCookies, startGatewayOn } from './support/test-gateway.js';

/** Production settings behind a TLS-terminating ingress that sets X-Forwarded-Proto, with the real identity. */
let platform: RealPlatform;
let gateway: GatewayUnderTest;
let server: Server;

beforeAll(async () => {
  // Production requires a Redis password and NATS credentials; the local test servers have no
  // authorization (ioredis carries on when Redis needs no password, and the private NATS ignores them).
  platform = await startRealPlatform({ label: 'production', services: [] });
  const redisWithPassword = new URL(await testRedisUrl());
  redisWithPassword.password = 'not-checked-locally';
  gateway = await startGatewayOn(platform.nats.url, {
    env: {
      RPC_TIMEOUT_MS: '5000',
      NODE_ENV: 'production',
      PUBLIC_BASE_URL: 'https://medpath.example',
      SUPPORT_EMAIL: 'help@medpath.example',
      TRUST_PROXY: '1',
      REDIS_URL: redisWithPassword.toString(),
      NATS_USER: 'gateway',
      NATS_PASSWORD: 'not-checked-locally',
    },
  });
  server = gateway.app.getHttpServer();
}, PLATFORM_START_MS);

afterAll(async () => {
  await gateway?.close();
  await platform?.close();
}, PLATFORM_STOP_MS);

describe('in production', () => {
  it('sets a __Host- prefixed, Secure, HttpOnly, SameSite=Lax session cookie', async () => {
    const res = await request(server)
      .post('/api/register')
      .set('X-Forwarded-Proto', 'https')
      .send(Fixtures.registerBody);
    expect(res.status).toBe(201);
    const [cookie] = setCookies(res);
    expect(cookie).toMatch(/^__Host-sid=s%3A/);
    // The name the privacy policy lists (issue 26).
    expect(serverCookieNames(true)).toEqual(['__Host-sid']);
    for (const attribute of ['Path=/', 'HttpOnly', 'Secure', 'SameSite=Lax']) expect(cookie).toContain(attribute);
    expect(cookie).not.toContain('Domain=');
  });

  it('never sends the session cookie over plain HTTP', async () => {
    const res = await request(server)
      .post('/api/register')
      .send({ ...Fixtures.registerBody, username: 'other', email: 'other@example.com' });
    expect(res.status).toBe(201);
    expect(setCookies(res)).toEqual([]);
  });

  it('adds HSTS and upgrades insecure requests', async () => {
    const res = await request(server).get('/healthz').set('X-Forwarded-Proto', 'https');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
