import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  ErrorCodes,
  type RegisterBody,
  ServerMessages,
  SessionValidityReplySchema,
  Subjects,
  TotpEnableReplySchema,
  TotpSetupReplySchema,
  UserDtoSchema,
  VerifyCredentialsReplySchema,
} from '@medtutor/contracts';
import { type SignedRpc, signedRpc, type ServiceUnderTest, sql } from '@medtutor/nest-kit/testing';
import { totpCode } from '../src/modules/two-factor/totp-crypto.js';
import { startIdentityUnderTest } from './support/harness.js';

/**
 * Account security in identity: common passwords refused wherever a password is chosen, TOTP
 * enrolment and verification for admins and tutors, and the per-user "sessions valid after" time.
 */
let service: ServiceUnderTest;

let rpc: SignedRpc;

let counter = 0;
async function register(role: 'student' | 'tutor' | 'admin' = 'student', password = 'unusual-secret-42') {
  counter += 1;
  const body: RegisterBody = { username: `user${counter}`, email: `user${counter}@example.com`, password };
  const user = UserDtoSchema.parse(await rpc.call(Subjects.identity.register, body));
  if (role !== 'student') await sql(service.db.url, 'UPDATE users SET role = $1 WHERE id = $2', [role, user.id]);
  return { ...user, password };
}

/** A set-password link as a reset request or a tutor invitation stores it (only its SHA-256). */
async function linkFor(userId: number, email: string): Promise<string> {
  const token = `token-${userId}-${Date.now()}-abcdefghijklmnopqrstuvwxyz`;
  await sql(
    service.db.url,
    `INSERT INTO password_resets (user_id, email, token_hash, expires_at) VALUES ($1, $2, $3, now() + interval '1 hour')`,
    [userId, email, createHash('sha256').update(token).digest('hex')],
  );
  return token;
}

const tooCommon = { code: ErrorCodes.passwordTooCommon, message: ServerMessages.passwordTooCommon };

beforeAll(async () => {
  service = await startIdentityUnderTest('identity_account_security', {
    TOTP_ENCRYPTION_KEY: 'account-security-tests-only-key-0123456789',
  });
  rpc = signedRpc(service.client, 'security-test');
});

afterAll(async () => {
  await service?.stop();
});

beforeEach(async () => {
  await service.db.truncate();
});

describe('common passwords', () => {
  it('are refused at registration, with the message, whatever their case', async () => {
    for (const password of ['password1', 'Qwerty123', 'iloveyou']) {
      expect(await rpc.fail(Subjects.identity.register, { username: 'x', email: 'x@example.com', password })).toEqual(
        tooCommon,
      );
    }
    expect(await sql(service.db.url, 'SELECT 1 FROM users')).toHaveLength(0);
    await register('student', 'unusual-secret-42');
  });

  it('are refused by a password reset, which leaves the link usable', async () => {
    const user = await register();
    const token = await linkFor(user.id, user.email);
    expect(
      await rpc.fail(Subjects.identity.resetPassword, { token, password: 'letmein', confirmPassword: 'letmein' }),
    ).toEqual(tooCommon);
    expect(
      await rpc.call(Subjects.identity.resetPassword, {
        token,
        password: 'fresh-unusual-9',
        confirmPassword: 'fresh-unusual-9',
      }),
    ).toEqual({ userId: user.id });
  });

  it("are refused when a tutor sets a first password through the invitation's link", async () => {
    const tutor = await register('tutor');
    const token = await linkFor(tutor.id, tutor.email);
    expect(
      await rpc.fail(Subjects.identity.resetPassword, { token, password: 'football', confirmPassword: 'football' }),
    ).toEqual(tooCommon);
  });
});

describe('sessions valid after', () => {
  it('is unset for a new account and set by a password reset, in the same transaction', async () => {
    const user = await register();
    const validity = () => rpc.call(Subjects.identity.sessionValidity, { userId: user.id });
    expect(SessionValidityReplySchema.parse(await validity())).toEqual({
      sessionsValidAfter: null,
      deactivated: false,
    });
    const before = Date.now();
    const token = await linkFor(user.id, user.email);
    await rpc.call(Subjects.identity.resetPassword, {
      token,
      password: 'fresh-unusual-9',
      confirmPassword: 'fresh-unusual-9',
    });
    const { sessionsValidAfter } = SessionValidityReplySchema.parse(await validity());
    expect(Date.parse(sessionsValidAfter as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(sessionsValidAfter as string)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('answers not found for an account that no longer exists', async () => {
    expect(await rpc.fail(Subjects.identity.sessionValidity, { userId: 999_999 })).toMatchObject({
      code: ErrorCodes.notFound,
    });
  });
});

describe('TOTP', () => {
  async function enrol(role: 'admin' | 'tutor' = 'admin') {
    const user = await register(role);
    const setup = TotpSetupReplySchema.parse(await rpc.call(Subjects.identity.totpSetup, { userId: user.id }));
    const { recoveryCodes } = TotpEnableReplySchema.parse(
      await rpc.call(Subjects.identity.totpEnable, { userId: user.id, code: totpCode(setup.secret) }),
    );
    return { user, secret: setup.secret, recoveryCodes };
  }

  it('enrols an admin with a QR code, a confirming code and ten recovery codes shown once', async () => {
    const user = await register('admin');
    expect(await rpc.call(Subjects.identity.totpStatus, { userId: user.id })).toEqual({
      enabled: false,
      required: false,
    });
    const setup = TotpSetupReplySchema.parse(await rpc.call(Subjects.identity.totpSetup, { userId: user.id }));
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/MedPath%20Tutors:user\d+%40example\.com\?/);
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);
    expect(setup.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);

    const wrong = totpCode(setup.secret, Date.now() - 10 * 60_000);
    expect(await rpc.fail(Subjects.identity.totpEnable, { userId: user.id, code: wrong })).toEqual({
      code: ErrorCodes.secondFactorInvalid,
      message: ServerMessages.secondFactorInvalid,
    });
    const before = Date.now();
    const { recoveryCodes } = TotpEnableReplySchema.parse(
      await rpc.call(Subjects.identity.totpEnable, { userId: user.id, code: totpCode(setup.secret) }),
    );
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(await rpc.call(Subjects.identity.totpStatus, { userId: user.id })).toEqual({
      enabled: true,
      required: false,
    });
    expect(
      VerifyCredentialsReplySchema.parse(
        await rpc.call(Subjects.identity.verifyCredentials, { email: user.email, password: user.password }),
      ),
    ).toMatchObject({ id: user.id, totpEnabled: true });

    // At rest: the secret encrypted, the codes only as keyed hashes; other sessions end.
    const [row] = await sql<{ totp_secret: string; totp_pending_secret: string | null; sessions_valid_after: Date }>(
      service.db.url,
      'SELECT totp_secret, totp_pending_secret, sessions_valid_after FROM users WHERE id = $1',
      [user.id],
    );
    expect(row?.totp_secret).toMatch(/^v1\./);
    expect(row?.totp_secret).not.toContain(setup.secret);
    expect(row?.totp_pending_secret).toBeNull();
    expect(row?.sessions_valid_after.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const stored = JSON.stringify(await sql(service.db.url, 'SELECT * FROM recovery_codes'));
    for (const code of recoveryCodes) expect(stored).not.toContain(code.replace('-', ''));

    // The secret is never handed out again.
    expect(await rpc.fail(Subjects.identity.totpSetup, { userId: user.id })).toEqual({
      code: ErrorCodes.secondFactorConflict,
      message: ServerMessages.secondFactorAlreadyEnabled,
    });
  });

  it('refuses enabling without a setup; a student may set it up by choice (issue 24)', async () => {
    const tutor = await register('tutor');
    expect(await rpc.fail(Subjects.identity.totpEnable, { userId: tutor.id, code: '123456' })).toMatchObject({
      code: ErrorCodes.secondFactorConflict,
    });
    const student = await register('student');
    expect(await rpc.call(Subjects.identity.totpSetup, { userId: student.id })).toMatchObject({
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
    });
    // Begun, not confirmed: the password alone still signs the student in.
    expect(
      VerifyCredentialsReplySchema.parse(
        await rpc.call(Subjects.identity.verifyCredentials, { email: student.email, password: student.password }),
      ),
    ).toMatchObject({ totpEnabled: false });
  });

  it('verifies a fresh code once: the same code cannot be replayed within its window', async () => {
    const { user, secret } = await enrol('tutor');
    // The enrolling code spent the current step; the next step's code is already valid (drift window).
    const next = totpCode(secret, Date.now() + 30_000);
    expect(await rpc.call(Subjects.identity.totpVerify, { userId: user.id, code: next })).toEqual({ method: 'totp' });
    expect(await rpc.fail(Subjects.identity.totpVerify, { userId: user.id, code: next })).toEqual({
      code: ErrorCodes.secondFactorInvalid,
      message: ServerMessages.secondFactorInvalid,
    });
    // An older code (the enrolling step) is refused too, though still inside the window.
    expect(await rpc.fail(Subjects.identity.totpVerify, { userId: user.id, code: totpCode(secret) })).toMatchObject({
      code: ErrorCodes.secondFactorInvalid,
    });
    expect(await rpc.fail(Subjects.identity.totpVerify, { userId: user.id, code: '000000' })).toMatchObject({
      code: ErrorCodes.secondFactorInvalid,
    });
  });

  it('accepts each recovery code once, in any case and with or without the dash', async () => {
    const { user, recoveryCodes } = await enrol('admin');
    const [first, second] = recoveryCodes as [string, string];
    expect(await rpc.call(Subjects.identity.totpVerify, { userId: user.id, code: first.toUpperCase() })).toEqual({
      method: 'recovery',
    });
    expect(await rpc.fail(Subjects.identity.totpVerify, { userId: user.id, code: first })).toMatchObject({
      code: ErrorCodes.secondFactorInvalid,
    });
    expect(await rpc.call(Subjects.identity.totpVerify, { userId: user.id, code: second.replace('-', '') })).toEqual({
      method: 'recovery',
    });
    expect(await sql(service.db.url, 'SELECT 1 FROM recovery_codes WHERE used_at IS NOT NULL')).toHaveLength(2);
  });

  it('refuses every code for an account without TOTP', async () => {
    const user = await register('admin');
    expect(await rpc.fail(Subjects.identity.totpVerify, { userId: user.id, code: '123456' })).toMatchObject({
      code: ErrorCodes.secondFactorInvalid,
    });
  });
});
