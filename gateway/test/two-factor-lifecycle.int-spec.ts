import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import {
  ErrorCodes,
  SecondFactorEmails,
  SecondFactorMessages,
  TotpEnableReplySchema,
  TotpSetupReplySchema,
  UserDtoSchema,
} from '@medtutor/contracts';
import {
  startTestNats,
  type ServiceProcess,
  type TestDatabase,
  type TestNats,
  sql,
  testRedisUrl,
} from '@medtutor/nest-kit/testing';
import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { serviceDatabase, startBuiltService } from './support/real-services.js';
import { type GatewayUnderTest, sessionCookieFrom, startGatewayOn } from './support/test-gateway.js';

/**
 * The two-factor lifecycle through the real gateway and identity (its build, as a process):
 * re-enrolment, new recovery codes, turning it off, an admin's reset, the emails each change sends,
 * and a half-finished sign-in that a password reset (or an admin's reset) ends.
 */
let nats: TestNats;
let identityDb: TestDatabase;
let identity: ServiceProcess;
let gateway: GatewayUnderTest;
let server: Server;
let ipCounter = 0;

const password = 'lifecycle-pass-word-1';
const admin = 'lifecycle.admin@example.com';
const fromIp = () => `198.51.100.${++ipCounter % 250}`;
/** What the phone shows for `secret`, `offsetSteps` periods from now. */
const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });
const refused = {
  statusCode: 401,
  code: ErrorCodes.secondFactorInvalid,
  message: SecondFactorMessages.changeRefused,
};

const login = (email: string, pass = password) =>
  request(server).post('/api/login').set('X-Forwarded-For', fromIp()).send({ email, password: pass });
const get = (path: string, cookie: string) => request(server).get(path).set('Cookie', cookie);
const post = (path: string, cookie: string | undefined, body: object = {}) =>
  request(server)
    .post(path)
    .set({ 'X-Forwarded-For': fromIp(), ...(cookie ? { Cookie: cookie } : {}) })
    .send(body);

/** A fresh account of `role`, signed in (students register; others get their role in the database). */
async function account(name: string, role: 'student' | 'tutor' | 'admin' = 'student') {
  const email = `${name}@example.com`;
  const registered = await request(server)
    .post('/api/register')
    .set('X-Forwarded-For', fromIp())
    .send({ username: name, email, password });
  expect(registered.status).toBe(201);
  const { id } = UserDtoSchema.parse(registered.body);
  if (role !== 'student') await sql(identityDb, `UPDATE users SET role = $1 WHERE id = $2`, [role, id]);
  const cookie = sessionCookieFrom(await login(email)) as string;
  return { id, email, cookie };
}

/** Enrols the signed-in user; answers the secret, its recovery codes and the renewed cookie. */
async function enrol(cookie: string) {
  const { secret } = TotpSetupReplySchema.parse((await post('/api/auth/2fa/setup', cookie)).body);
  const enabled = await post('/api/auth/2fa/enable', cookie, { code: codeFor(secret) });
  expect(enabled.status).toBe(200);
  const { recoveryCodes } = TotpEnableReplySchema.parse(enabled.body);
  return { secret, recoveryCodes, cookie: sessionCookieFrom(enabled) as string };
}

/** Password then code: answers the signed-in cookie, or the failed response. */
async function signIn(email: string, code: string) {
  const pending = await login(email);
  expect(pending.status).toBe(202);
  const verified = await post('/api/auth/2fa/verify', sessionCookieFrom(pending), { code });
  return { status: verified.status, cookie: sessionCookieFrom(verified) };
}

/** Subjects of the emails queued for `email`, oldest first. */
const mailsTo = async (email: string) =>
  (
    await sql<{ subject: string }>(
      identityDb,
      `SELECT subject FROM outbound_emails WHERE to_address = $1 ORDER BY created_at`,
      [email],
    )
  ).map((row) => row.subject);

/** A reset link for `userId` straight into identity's table (the emailed token is not readable here). */
async function resetLinkToken(userId: number, email: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await sql(
    identityDb,
    `INSERT INTO password_resets (user_id, email, token_hash, expires_at) VALUES ($1, $2, $3, now() + interval '30 minutes')`,
    [userId, email, createHash('sha256').update(token, 'utf8').digest('hex')],
  );
  return token;
}

beforeAll(async () => {
  nats = await startTestNats();
  identityDb = await serviceDatabase('identity', 'gw_two_factor_lifecycle_identity');
  identity = await startBuiltService('identity', nats.url, {
    IDENTITY_DATABASE_URL: identityDb.url,
    PUBLIC_BASE_URL: 'http://localhost:8080',
    MAIL_FROM: 'MedPath Tests <no-reply@medpath.test>',
    MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), 'gw-2fa-lifecycle-mail-')),
    SEED_ADMIN_EMAIL: admin,
    SEED_ADMIN_PASSWORD: password,
    TOTP_ENCRYPTION_KEY: 'gateway-two-factor-lifecycle-tests-key-0123456789',
  });
  gateway = await startGatewayOn(nats.url, { env: { TRUST_PROXY: 'true', RPC_TIMEOUT_MS: '5000' } });
  server = gateway.app.getHttpServer();
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await identity?.stop();
  await identityDb?.drop();
  await nats?.stop();
});

describe('re-enrolment', () => {
  it('replaces the authenticator only once a code of the new one confirms it, with the password and a current code', async () => {
    const tutor = await account('reenrol-tutor', 'tutor');
    const first = await enrol(tutor.cookie);
    // Codes are accepted one step either side of now, each step once: the proofs below use the next one.
    const other = (await signIn(tutor.email, first.recoveryCodes[1] as string)).cookie as string;

    // A wrong password or a wrong code changes nothing, with one answer for both.
    const wrongPassword = await post('/api/auth/2fa/re-enrol', first.cookie, {
      password: 'not-the-password',
      code: codeFor(first.secret, 1),
    });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toEqual(refused);
    const wrongCode = await post('/api/auth/2fa/re-enrol', first.cookie, { password, code: '000000' });
    expect(wrongCode.body).toEqual(refused);
    // A visitor gets nowhere.
    expect((await post('/api/auth/2fa/re-enrol', undefined, { password, code: codeFor(first.secret, 1) })).status).toBe(
      401,
    );

    const started = await post('/api/auth/2fa/re-enrol', first.cookie, { password, code: codeFor(first.secret, 1) });
    expect(started.status).toBe(200);
    const { secret: next } = TotpSetupReplySchema.parse(started.body);
    expect(next).not.toBe(first.secret);

    // Not confirmed yet: the old authenticator still signs in, and its code does not confirm the new one.
    expect((await post('/api/auth/2fa/re-enrol/confirm', first.cookie, { code: codeFor(first.secret) })).status).toBe(
      401,
    );
    expect((await get('/api/auth/2fa', first.cookie)).body).toEqual({ enabled: true, required: false });

    const confirmed = await post('/api/auth/2fa/re-enrol/confirm', first.cookie, { code: codeFor(next) });
    expect(confirmed.status).toBe(200);
    const { recoveryCodes } = TotpEnableReplySchema.parse(confirmed.body);
    expect(recoveryCodes).toHaveLength(10);
    // This session goes on under a new id; the other device's session is over.
    const renewed = sessionCookieFrom(confirmed) as string;
    expect((await get('/api/user', renewed)).status).toBe(200);
    expect((await get('/api/user', other)).status).toBe(401);

    // The old authenticator and the old recovery codes are dead; the new ones sign in.
    expect((await signIn(tutor.email, codeFor(first.secret, 1))).status).toBe(401);
    expect((await signIn(tutor.email, first.recoveryCodes[0] as string)).status).toBe(401);
    expect((await signIn(tutor.email, codeFor(next, 1))).status).toBe(200);
    expect((await signIn(tutor.email, recoveryCodes[0] as string)).status).toBe(200);

    expect(await mailsTo(tutor.email)).toEqual([
      SecondFactorEmails.enrolled.subject,
      SecondFactorEmails.re_enrolled.subject,
    ]);
  });
});

describe('new recovery codes', () => {
  it('replace every old one, given the password and a current code (a recovery code counts, and is spent)', async () => {
    const tutor = await account('regenerate-tutor', 'tutor');
    const { secret, recoveryCodes: old, cookie } = await enrol(tutor.cookie);
    const [proof, unused] = old as [string, string];

    expect(
      (await post('/api/auth/2fa/recovery-codes', cookie, { password: 'wrong-pass-word', code: proof })).body,
    ).toEqual(refused);
    // The wrong password did not spend the recovery code.
    const made = await post('/api/auth/2fa/recovery-codes', cookie, { password, code: proof });
    expect(made.status).toBe(200);
    const { recoveryCodes: fresh } = TotpEnableReplySchema.parse(made.body);
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(unused);

    expect((await signIn(tutor.email, unused)).status).toBe(401);
    expect((await signIn(tutor.email, fresh[0] as string)).status).toBe(200);
    // Sessions are untouched, and the authenticator still works.
    expect((await get('/api/user', cookie)).status).toBe(200);
    expect((await signIn(tutor.email, codeFor(secret, 1))).status).toBe(200);
    expect(await mailsTo(tutor.email)).toEqual([
      SecondFactorEmails.enrolled.subject,
      SecondFactorEmails.recovery_codes_regenerated.subject,
    ]);
  });
});

describe('turning it off', () => {
  it('lets a student who chose it turn it off with the password and a current code; the password alone signs in again', async () => {
    const student = await account('optional-student');
    const { secret, cookie } = await enrol(student.cookie);
    expect((await get('/api/auth/2fa', cookie)).body).toEqual({ enabled: true, required: false });
    expect((await login(student.email)).status).toBe(202);

    expect(
      (await post('/api/auth/2fa/disable', cookie, { password: 'wrong-pass-word', code: codeFor(secret, 1) })).body,
    ).toEqual(refused);
    expect((await post('/api/auth/2fa/disable', cookie, { password, code: '123456' })).body).toEqual(refused);
    const off = await post('/api/auth/2fa/disable', cookie, { password, code: codeFor(secret, 1) });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ enabled: false });
    expect((await get('/api/auth/2fa', cookie)).body).toEqual({ enabled: false, required: false });

    const plain = await login(student.email);
    expect(plain.status).toBe(200);
    expect(UserDtoSchema.strict().parse(plain.body)).toMatchObject({ email: student.email });
    // Nothing left to turn off.
    expect((await post('/api/auth/2fa/disable', cookie, { password, code: codeFor(secret, 2) })).status).toBe(409);
    expect(await mailsTo(student.email)).toEqual([
      SecondFactorEmails.enrolled.subject,
      SecondFactorEmails.disabled.subject,
    ]);
  });
});

describe("an admin's reset", () => {
  it("records who and when, ends the account's sessions at once, and sends it to enrolment at its next sign-in", async () => {
    const adminCookie = sessionCookieFrom(await login(admin)) as string;
    const { id: adminId } = UserDtoSchema.parse((await get('/api/user', adminCookie)).body);
    const tutor = await account('lost-phone-tutor', 'tutor');
    const { cookie: tutorCookie } = await enrol(tutor.cookie);
    expect((await get('/api/user', tutorCookie)).status).toBe(200);

    // Only an admin, never on their own account, and only an account that exists.
    expect((await post(`/api/admin/users/${tutor.id}/two-factor/reset`, tutorCookie)).status).toBe(403);
    const own = await post(`/api/admin/users/${adminId}/two-factor/reset`, adminCookie);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(SecondFactorMessages.ownReset);
    expect((await post('/api/admin/users/999999/two-factor/reset', adminCookie)).status).toBe(404);
    expect((await post('/api/admin/users/abc/two-factor/reset', adminCookie)).status).toBe(404);

    const before = Date.now();
    const reset = await post(`/api/admin/users/${tutor.id}/two-factor/reset`, adminCookie);
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ userId: tutor.id, message: SecondFactorMessages.resetDone });

    const audit = await sql<{ user_id: number; reset_by_user_id: number; reset_at: Date }>(
      identityDb,
      `SELECT user_id, reset_by_user_id, reset_at FROM second_factor_resets WHERE user_id = $1`,
      [tutor.id],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: tutor.id, reset_by_user_id: adminId });
    expect(new Date(audit[0]!.reset_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await sql(identityDb, `SELECT 1 FROM recovery_codes WHERE user_id = $1`, [tutor.id])).toHaveLength(0);

    // The tutor's live cookie is refused at once.
    expect((await get('/api/user', tutorCookie)).status).toBe(401);
    expect((await get('/api/tutor/students', tutorCookie)).status).toBe(401);

    // The next sign-in holds the tutor at enrolment (outside production too), until a new authenticator is on.
    const pending = await login(tutor.email);
    expect(pending.status).toBe(202);
    expect(pending.body).toEqual({ secondFactor: 'enrol' });
    const pendingCookie = sessionCookieFrom(pending) as string;
    expect((await get('/api/user', pendingCookie)).status).toBe(401);
    const { secret } = TotpSetupReplySchema.parse((await post('/api/auth/2fa/setup', pendingCookie)).body);
    const enabled = await post('/api/auth/2fa/enable', pendingCookie, { code: codeFor(secret) });
    expect(enabled.status).toBe(200);
    const signedIn = sessionCookieFrom(enabled) as string;
    expect((await get('/api/user', signedIn)).body).toMatchObject({ id: tutor.id, role: 'tutor' });
    // Enrolled again: the sign-in after asks for a code, not enrolment.
    expect((await login(tutor.email)).body).toEqual({ secondFactor: 'verify' });

    expect(await mailsTo(tutor.email)).toEqual([
      SecondFactorEmails.enrolled.subject,
      SecondFactorEmails.reset_by_admin.subject,
      SecondFactorEmails.enrolled.subject,
    ]);
  });
});

describe('a half-finished sign-in', () => {
  it('is refused at the code step after a password reset that came later', async () => {
    const tutor = await account('pending-verify-tutor', 'tutor');
    const { secret } = await enrol(tutor.cookie);
    const pending = await login(tutor.email);
    expect(pending.body).toEqual({ secondFactor: 'verify' });
    const pendingCookie = sessionCookieFrom(pending) as string;

    const token = await resetLinkToken(tutor.id, tutor.email);
    const newPassword = 'a-brand-new-pass-word';
    expect(
      (await post('/api/reset-password', undefined, { token, password: newPassword, confirmPassword: newPassword }))
        .status,
    ).toBe(200);

    // The right code on the old half-finished sign-in gets nowhere.
    const verified = await post('/api/auth/2fa/verify', pendingCookie, { code: codeFor(secret, 1) });
    expect(verified.status).toBe(401);
    expect(verified.body.code).toBe(ErrorCodes.unauthenticated);
    // A sign-in begun with the new password goes through.
    const fresh = await login(tutor.email, newPassword);
    expect(fresh.status).toBe(202);
    const after = await post('/api/auth/2fa/verify', sessionCookieFrom(fresh), { code: codeFor(secret, 1) });
    expect(after.body).toMatchObject({ id: tutor.id });
  });

  it('is refused at the enrolment step after a password reset that came later', async () => {
    const adminCookie = sessionCookieFrom(await login(admin)) as string;
    const tutor = await account('pending-enrol-tutor', 'tutor');
    expect((await post(`/api/admin/users/${tutor.id}/two-factor/reset`, adminCookie)).status).toBe(200);
    const pending = await login(tutor.email);
    expect(pending.body).toEqual({ secondFactor: 'enrol' });
    const pendingCookie = sessionCookieFrom(pending) as string;

    const token = await resetLinkToken(tutor.id, tutor.email);
    expect((await post('/api/reset-password', undefined, { token, password, confirmPassword: password })).status).toBe(
      200,
    );

    expect((await post('/api/auth/2fa/setup', pendingCookie)).status).toBe(401);
    expect((await post('/api/auth/2fa/enable', pendingCookie, { code: '123456' })).status).toBe(401);
  });

  it("is refused at the code step after an admin's reset that came later", async () => {
    const adminCookie = sessionCookieFrom(await login(admin)) as string;
    const tutor = await account('pending-reset-tutor', 'tutor');
    const { secret } = await enrol(tutor.cookie);
    const pendingCookie = sessionCookieFrom(await login(tutor.email)) as string;
    expect((await post(`/api/admin/users/${tutor.id}/two-factor/reset`, adminCookie)).status).toBe(200);
    expect((await post('/api/auth/2fa/verify', pendingCookie, { code: codeFor(secret, 1) })).status).toBe(401);
  });
});

describe('in production', () => {
  let prodNats: TestNats;
  let prodDb: TestDatabase;
  let prodIdentity: ServiceProcess;
  let prodGateway: GatewayUnderTest;
  let prod: Server;
  const https = { 'X-Forwarded-Proto': 'https' };
  const prodPost = (path: string, cookie: string | undefined, body: object = {}) =>
    request(prod)
      .post(path)
      .set({ ...https, 'X-Forwarded-For': fromIp(), ...(cookie ? { Cookie: cookie } : {}) })
      .send(body);

  beforeAll(async () => {
    // Identity decides what production requires, the gateway where the sign-in goes: both in production.
    prodNats = await startTestNats();
    prodDb = await serviceDatabase('identity', 'gw_two_factor_lifecycle_prod_identity');
    prodIdentity = await startBuiltService('identity', prodNats.url, {
      NODE_ENV: 'production',
      IDENTITY_DATABASE_URL: prodDb.url,
      // The private test nats-server has no authorization and ignores these.
      NATS_USER: 'identity',
      NATS_PASSWORD: 'not-checked-locally',
      PUBLIC_BASE_URL: 'https://medpath.example',
      MAIL_FROM: 'MedPath Tests <no-reply@medpath.example>',
      // Nothing listens there (production takes only mail over TLS): the notices wait in the mail outbox table, where the test reads them.
      SMTP_URL: 'smtps://127.0.0.1:9',
      TOTP_ENCRYPTION_KEY: 'gateway-two-factor-lifecycle-production-key-0123456789',
    });
    const redisWithPassword = new URL(await testRedisUrl());
    redisWithPassword.password = 'not-checked-locally';
    prodGateway = await startGatewayOn(prodNats.url, {
      env: {
        REDIS_URL: redisWithPassword.toString(),
        NATS_USER: 'gateway',
        NATS_PASSWORD: 'not-checked-locally',
        NODE_ENV: 'production',
        PUBLIC_BASE_URL: 'https://medpath.example',
        SUPPORT_EMAIL: 'help@medpath.example',
        TRUST_PROXY: '1',
        RPC_TIMEOUT_MS: '5000',
      },
    });
    prod = prodGateway.app.getHttpServer();
  }, 60_000);

  afterAll(async () => {
    await prodGateway?.close();
    await prodIdentity?.stop();
    await prodDb?.drop();
    await prodNats?.stop();
  });

  it('sends a tutor without two-factor authentication to enrolment, and never lets it be turned off', async () => {
    const email = 'production.tutor@example.com';
    const registered = await prodPost('/api/register', undefined, { username: 'production-tutor', email, password });
    expect(registered.status).toBe(201);
    await sql(prodDb, `UPDATE users SET role = 'tutor' WHERE email = $1`, [email]);

    const pending = await prodPost('/api/login', undefined, { email, password });
    expect(pending.status).toBe(202);
    expect(pending.body).toEqual({ secondFactor: 'enrol' });
    const pendingCookie = sessionCookieFrom(pending, '__Host-sid') as string;
    expect(
      (
        await request(prod)
          .get('/api/tutor/students')
          .set({ ...https, Cookie: pendingCookie })
      ).status,
    ).toBe(401);

    const { secret } = TotpSetupReplySchema.parse((await prodPost('/api/auth/2fa/setup', pendingCookie)).body);
    const enabled = await prodPost('/api/auth/2fa/enable', pendingCookie, { code: codeFor(secret) });
    expect(enabled.status).toBe(200);
    const cookie = sessionCookieFrom(enabled, '__Host-sid') as string;
    expect(
      (
        await request(prod)
          .get('/api/auth/2fa')
          .set({ ...https, Cookie: cookie })
      ).body,
    ).toEqual({
      enabled: true,
      required: true,
    });

    const off = await prodPost('/api/auth/2fa/disable', cookie, { password, code: codeFor(secret, 1) });
    expect(off.status).toBe(403);
    expect(off.body.message).toBe(SecondFactorMessages.required);
    // Still on: the next sign-in asks for a code.
    expect((await prodPost('/api/login', undefined, { email, password })).body).toEqual({ secondFactor: 'verify' });
  });
});
