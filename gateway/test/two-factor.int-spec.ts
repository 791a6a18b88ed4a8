import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Server } from 'node:http';
import {
  ErrorCodes,
  ServerMessages,
  TotpEnableReplySchema,
  TotpSetupReplySchema,
  UserDtoSchema,
} from '@medtutor/contracts';
import {
  startTestNats,
  type ServiceProcess,
  type TestDatabase,
  type TestNats,
  testRedisUrl,
  sql,
} from '@medtutor/nest-kit/testing';
import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { serviceDatabase, startBuiltService } from './support/real-services.js';
import { type GatewayUnderTest, sessionCookieFrom, startGatewayOn } from './support/test-gateway.js';

/**
 * The TOTP second step through the real gateway and identity (its build, as a process): enrolment,
 * sign-in with a code or a recovery code, and production's rule that an admin enrols first.
 */
let nats: TestNats;
let identityDb: TestDatabase;
let identity: ServiceProcess;
let gateway: GatewayUnderTest;
let production: GatewayUnderTest;
let server: Server;
let productionServer: Server;
let ipCounter = 0;

const password = 'admin-pass-word-1';
const admin = 'admin@example.com';
const fromIp = () => `198.51.100.${++ipCounter % 250}`;
/** What the admin's phone shows, `offsetSteps` periods from now. */
const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });
const invalidCode = {
  statusCode: 401,
  code: ErrorCodes.secondFactorInvalid,
  message: ServerMessages.secondFactorInvalid,
};

const login = (target: Server, email: string, headers: Record<string, string> = {}) =>
  request(target)
    .post('/api/login')
    .set({ 'X-Forwarded-For': fromIp(), ...headers })
    .send({ email, password });
const get = (target: Server, path: string, cookie: string, headers: Record<string, string> = {}) =>
  request(target)
    .get(path)
    .set({ Cookie: cookie, ...headers });
const post = (target: Server, path: string, cookie: string, body: object = {}, headers: Record<string, string> = {}) =>
  request(target)
    .post(path)
    .set({ Cookie: cookie, 'X-Forwarded-For': fromIp(), ...headers })
    .send(body);

beforeAll(async () => {
  nats = await startTestNats();
  identityDb = await serviceDatabase('identity', 'gw_two_factor_identity');
  identity = await startBuiltService('identity', nats.url, {
    IDENTITY_DATABASE_URL: identityDb.url,
    PUBLIC_BASE_URL: 'http://localhost:8080',
    MAIL_FROM: 'MedPath Tests <no-reply@medpath.test>',
    SEED_ADMIN_EMAIL: admin,
    SEED_ADMIN_PASSWORD: password,
    TOTP_ENCRYPTION_KEY: 'gateway-two-factor-tests-only-key-0123456789',
  });
  gateway = await startGatewayOn(nats.url, { env: { TRUST_PROXY: 'true', RPC_TIMEOUT_MS: '5000' } });
  // Production wants a Redis password; the local test Redis has none, and ioredis then carries on.
  const redisWithPassword = new URL(await testRedisUrl());
  redisWithPassword.password = 'not-checked-locally';
  production = await startGatewayOn(nats.url, {
    env: {
      REDIS_URL: redisWithPassword.toString(),
      // Required in production; the private test nats-server has no authorization and ignores them.
      NATS_USER: 'gateway',
      NATS_PASSWORD: 'not-checked-locally',
      NODE_ENV: 'production',
      PUBLIC_BASE_URL: 'https://medpath.example',
      SUPPORT_EMAIL: 'help@medpath.example',
      TRUST_PROXY: '1',
      RPC_TIMEOUT_MS: '5000',
    },
  });
  server = gateway.app.getHttpServer();
  productionServer = production.app.getHttpServer();
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await production?.close();
  await identity?.stop();
  await identityDb?.drop();
  await nats?.stop();
});

describe('an admin with two-factor authentication', () => {
  let secret: string;
  let recoveryCodes: string[];

  it('enrols from a signed-in session: QR code, confirming code, recovery codes; other sessions end', async () => {
    const other = sessionCookieFrom(await login(server, admin)) as string;
    const res = await login(server, admin);
    expect(res.status).toBe(200);
    const cookie = sessionCookieFrom(res) as string;
    expect((await get(server, '/api/auth/2fa', cookie)).body).toEqual({ enabled: false, required: false });

    const setup = await post(server, '/api/auth/2fa/setup', cookie);
    expect(setup.status).toBe(200);
    ({ secret } = TotpSetupReplySchema.parse(setup.body));
    expect(setup.body.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);

    const wrong = await post(server, '/api/auth/2fa/enable', cookie, { code: codeFor(secret, -20) });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(invalidCode);

    const enabled = await post(server, '/api/auth/2fa/enable', cookie, { code: codeFor(secret) });
    expect(enabled.status).toBe(200);
    ({ recoveryCodes } = TotpEnableReplySchema.parse(enabled.body));
    expect(recoveryCodes).toHaveLength(10);
    // This session goes on under a new id; the other device's session is over.
    const renewed = sessionCookieFrom(enabled) as string;
    expect(renewed).not.toBe(cookie);
    expect((await get(server, '/api/auth/2fa', renewed)).body).toEqual({ enabled: true, required: false });
    expect((await get(server, '/api/user', cookie)).status).toBe(401);
    expect((await get(server, '/api/user', other)).status).toBe(401);
    // The secret is never handed out again.
    expect((await post(server, '/api/auth/2fa/setup', renewed)).status).toBe(409);
  });

  it('is not signed in by the password alone', async () => {
    const res = await login(server, admin);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ secondFactor: 'verify' });
    const pending = sessionCookieFrom(res) as string;
    expect((await get(server, '/api/user', pending)).status).toBe(401);
    expect((await get(server, '/api/admin/users', pending)).status).toBe(401);
    expect((await post(server, '/api/auth/2fa/setup', pending)).status).toBe(401);
    expect((await post(server, '/api/auth/2fa/verify', pending, { code: '000000' })).body).toEqual(invalidCode);
    // A code without the password step gets nowhere either.
    expect(
      (
        await request(server)
          .post('/api/auth/2fa/verify')
          .send({ code: codeFor(secret, 1) })
      ).status,
    ).toBe(401);
  });

  it('is signed in by the password and then a fresh code, under a new session id', async () => {
    const pending = sessionCookieFrom(await login(server, admin)) as string;
    const verified = await post(server, '/api/auth/2fa/verify', pending, { code: codeFor(secret, 1) });
    expect(verified.status).toBe(200);
    expect(UserDtoSchema.parse(verified.body)).toMatchObject({ email: admin, role: 'admin', isAdmin: true });
    const cookie = sessionCookieFrom(verified) as string;
    expect(cookie).not.toBe(pending);
    expect((await get(server, '/api/user', cookie)).status).toBe(200);
    expect((await get(server, '/api/admin/users', cookie)).status).toBe(200);

    // The same code again is a replay.
    const again = sessionCookieFrom(await login(server, admin)) as string;
    expect((await post(server, '/api/auth/2fa/verify', again, { code: codeFor(secret, 1) })).body).toEqual(invalidCode);
  });

  it('accepts a recovery code instead, once', async () => {
    const [code] = recoveryCodes as [string];
    const first = sessionCookieFrom(await login(server, admin)) as string;
    expect((await post(server, '/api/auth/2fa/verify', first, { code })).status).toBe(200);
    const second = sessionCookieFrom(await login(server, admin)) as string;
    expect((await post(server, '/api/auth/2fa/verify', second, { code })).body).toEqual(invalidCode);
  });

  it('throttles code guesses with growing waits', async () => {
    const ip = '203.0.113.150';
    const pending = sessionCookieFrom(await login(server, admin, { 'X-Forwarded-For': ip })) as string;
    const statuses: number[] = [];
    for (let guess = 0; guess < 7; guess++) {
      const res = await post(
        server,
        '/api/auth/2fa/verify',
        pending,
        { code: `${100000 + guess}` },
        { 'X-Forwarded-For': ip },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('slows code guesses spread over many addresses too, per account', async () => {
    // A fresh account: the guesses above belong to the seeded admin.
    const email = 'spread.guesses@example.com';
    const registered = await request(server)
      .post('/api/register')
      .set('X-Forwarded-For', fromIp())
      .send({ username: 'spread-guesses', email, password });
    expect(registered.status).toBe(201);
    const cookie = sessionCookieFrom(registered) as string;
    await sql(identityDb, `UPDATE users SET role = 'tutor' WHERE email = $1`, [email]);
    // Role changes reach the session when it reads the user again.
    expect((await get(server, '/api/user', cookie)).body).toMatchObject({ role: 'tutor' });
    const { secret: tutorSecret } = TotpSetupReplySchema.parse(
      (await post(server, '/api/auth/2fa/setup', cookie)).body,
    );
    expect((await post(server, '/api/auth/2fa/enable', cookie, { code: codeFor(tutorSecret) })).status).toBe(200);

    const statuses: number[] = [];
    for (let guess = 0; guess < 12; guess++) {
      // Each guess from an address of its own: only the per-account delay can stop this.
      const ip = `203.0.113.${160 + guess}`;
      const pending = sessionCookieFrom(await login(server, email, { 'X-Forwarded-For': ip })) as string;
      const res = await post(
        server,
        '/api/auth/2fa/verify',
        pending,
        { code: `${200000 + guess}` },
        {
          'X-Forwarded-For': ip,
        },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
  });
});

describe('in production', () => {
  const https = { 'X-Forwarded-Proto': 'https' };

  it('signs an admin without two-factor authentication in only to the enrolment step', async () => {
    const registered = await request(productionServer)
      .post('/api/register')
      .set({ ...https, 'X-Forwarded-For': fromIp() })
      .send({ username: 'second-admin', email: 'second.admin@example.com', password });
    expect(registered.status).toBe(201);
    await sql(identityDb, `UPDATE users SET role = 'admin' WHERE email = 'second.admin@example.com'`);

    const res = await login(productionServer, 'second.admin@example.com', https);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ secondFactor: 'enrol' });
    const pending = sessionCookieFrom(res, '__Host-sid') as string;
    expect(pending).toBeDefined();
    for (const path of ['/api/user', '/api/admin/users', '/api/auth/2fa']) {
      expect((await get(productionServer, path, pending, https)).status).toBe(401);
    }
    expect((await post(productionServer, '/api/auth/2fa/verify', pending, { code: '123456' }, https)).status).toBe(401);

    const setup = await post(productionServer, '/api/auth/2fa/setup', pending, {}, https);
    expect(setup.status).toBe(200);
    const { secret: newSecret } = TotpSetupReplySchema.parse(setup.body);
    const enabled = await post(productionServer, '/api/auth/2fa/enable', pending, { code: codeFor(newSecret) }, https);
    expect(enabled.status).toBe(200);
    const cookie = sessionCookieFrom(enabled, '__Host-sid') as string;
    expect((await get(productionServer, '/api/admin/users', cookie, https)).status).toBe(200);
  });

  it("still signs students in with the password alone, with the spec's answer", async () => {
    const registered = await request(productionServer)
      .post('/api/register')
      .set({ ...https, 'X-Forwarded-For': fromIp() })
      .send({ username: 'student-one', email: 'student.one@example.com', password });
    expect(registered.status).toBe(201);
    const res = await login(productionServer, 'student.one@example.com', https);
    expect(res.status).toBe(200);
    expect(UserDtoSchema.strict().parse(res.body)).toMatchObject({ email: 'student.one@example.com', role: 'student' });
  });
});
