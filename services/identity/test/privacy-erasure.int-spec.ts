import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  type Actor,
  ErasureMessages,
  ErrorCodes,
  EventTypes,
  type RegisterBody,
  SecondFactorMessages,
  Subjects,
  TotpSetupReplySchema,
  TwoFactorTexts,
  UserDtoSchema,
  UserErasedReplySchema,
  UserErasedV1Schema,
} from '@medtutor/contracts';
import { type SignedRpc, signedRpc, type ServiceUnderTest, sql } from '@medtutor/nest-kit/testing';
import { totpCode } from '../src/modules/two-factor/totp-crypto.js';
import { startIdentityUnderTest } from './support/harness.js';

/**
 * Issue 26, erasure in identity: the password (and a code where enrolled) is required; the account,
 * its links, recovery codes and queued emails go in one transaction with the confirmation email and
 * identity.user_erased.v1; an audit record without personal data stays; a repeat changes nothing;
 * the address may register again.
 */
let service: ServiceUnderTest;
let rpc: SignedRpc;
let counter = 0;
const PASSWORD = 'unusual-secret-42';
const admin: Actor = { userId: 9_000, role: 'admin' };

async function register(role: 'student' | 'tutor' | 'admin' = 'student') {
  counter += 1;
  const body: RegisterBody = {
    username: `eraser${counter}`,
    email: `Eraser${counter}@Example.com`,
    password: PASSWORD,
  };
  const user = UserDtoSchema.parse(await rpc.call(Subjects.identity.register, body));
  if (role !== 'student') await sql(service.db.url, 'UPDATE users SET role = $1 WHERE id = $2', [role, user.id]);
  return { ...user, actor: { userId: user.id, role } satisfies Actor };
}

const eraseMe = (user: { id: number; actor: Actor }, body: { password: string; code?: string }) =>
  rpc.call(Subjects.identity.eraseMe, { userId: user.id, ...body }, user.actor);
const failEraseMe = (user: { id: number; actor: Actor }, body: { password: string; code?: string }) =>
  rpc.fail(Subjects.identity.eraseMe, { userId: user.id, ...body }, user.actor);

const userRows = async (id: number) => sql(service.db.url, 'SELECT id FROM users WHERE id = $1', [id]);
const erasedEvents = async () =>
  (
    await sql<{ payload: { data: unknown } }>(service.db.url, 'SELECT payload FROM outbox_events WHERE type = $1', [
      EventTypes.userErased,
    ])
  ).map((row) => UserErasedV1Schema.parse(row.payload.data));

beforeAll(async () => {
  service = await startIdentityUnderTest('identity_privacy_erasure', {
    TOTP_ENCRYPTION_KEY: 'privacy-erasure-tests-only-key-0123456789',
  });
  rpc = signedRpc(service.client, 'erasure-test');
});

afterAll(async () => {
  await service?.stop();
});

beforeEach(async () => {
  await service.db.truncate();
});

describe('POST /api/me/erase in identity', () => {
  it('refuses a wrong password with the existing answer and keeps the account', async () => {
    const user = await register();
    expect(await failEraseMe(user, { password: 'not-my-password' })).toMatchObject({
      code: ErrorCodes.secondFactorInvalid,
      message: SecondFactorMessages.changeRefused,
    });
    expect(await userRows(user.id)).toHaveLength(1);
    expect(await erasedEvents()).toEqual([]);
  });

  it('erases the account, its links and queued emails in one step, with the confirmation and the event', async () => {
    const user = await register();
    const email = user.email.toLowerCase();
    await sql(
      service.db.url,
      `INSERT INTO password_resets (user_id, email, token_hash, expires_at) VALUES ($1, $2, $3, now() + interval '1 hour')`,
      [user.id, email, createHash('sha256').update('a-live-link').digest('hex')],
    );
    await sql(
      service.db.url,
      `INSERT INTO outbound_emails (id, to_address, subject, text, html, next_attempt_at)
       VALUES (gen_random_uuid(), $1, 'Reset your password', 'link', '<p>link</p>', now() + interval '1 hour')`,
      [user.email],
    );

    const reply = UserErasedReplySchema.parse(await eraseMe(user, { password: PASSWORD }));
    expect(reply).toEqual({ userId: user.id, erasedAt: expect.any(String), message: ErasureMessages.erased });

    expect(await userRows(user.id)).toEqual([]);
    expect(await sql(service.db.url, 'SELECT 1 FROM password_resets WHERE user_id = $1', [user.id])).toEqual([]);
    // Only the confirmation is left for the address, queued before the address was forgotten.
    expect(
      await sql(service.db.url, 'SELECT subject FROM outbound_emails WHERE lower(to_address) = $1', [email]),
    ).toEqual([{ subject: ErasureMessages.emailSubject }]);
    expect(await erasedEvents()).toEqual([{ userId: user.id, email, erasedAt: reply.erasedAt }]);
    // The audit record names nobody: the id, when, and (for one's own erasure) no admin and no reason.
    expect(await sql(service.db.url, 'SELECT user_id, erased_at, erased_by_user_id, reason FROM erased_users')).toEqual(
      [{ user_id: user.id, erased_at: new Date(reply.erasedAt), erased_by_user_id: null, reason: null }],
    );
    // Every session ends: identity no longer knows the account.
    expect(await rpc.fail(Subjects.identity.sessionValidity, { userId: user.id })).toMatchObject({
      code: ErrorCodes.notFound,
    });
  });

  it('answers a repeated erasure with the first one and announces it once', async () => {
    const user = await register();
    const first = UserErasedReplySchema.parse(await eraseMe(user, { password: PASSWORD }));
    expect(UserErasedReplySchema.parse(await eraseMe(user, { password: 'anything now' }))).toEqual(first);
    expect(await erasedEvents()).toHaveLength(1);
  });

  it('lets the address register again, as a new account', async () => {
    const user = await register();
    await eraseMe(user, { password: PASSWORD });
    const again = UserDtoSchema.parse(
      await rpc.call(Subjects.identity.register, { username: user.username, email: user.email, password: PASSWORD }),
    );
    expect(again.id).not.toBe(user.id);
    expect(again.email).toBe(user.email.toLowerCase());
  });

  it('with two-factor authentication on, asks for a code and takes only a right one', async () => {
    const user = await register();
    const setup = TotpSetupReplySchema.parse(await rpc.call(Subjects.identity.totpSetup, { userId: user.id }));
    await rpc.call(Subjects.identity.totpEnable, { userId: user.id, code: totpCode(setup.secret) });

    expect(await failEraseMe(user, { password: PASSWORD })).toMatchObject({
      code: ErrorCodes.validationFailed,
      message: TwoFactorTexts.codeRequired,
    });
    const stale = totpCode(setup.secret, Date.now() - 10 * 60_000);
    expect(await failEraseMe(user, { password: PASSWORD, code: stale })).toMatchObject({
      code: ErrorCodes.secondFactorInvalid,
      message: SecondFactorMessages.changeRefused,
    });
    expect(await userRows(user.id)).toHaveLength(1);

    const next = totpCode(setup.secret, Date.now() + 30_000);
    await eraseMe(user, { password: PASSWORD, code: next });
    expect(await userRows(user.id)).toEqual([]);
    expect(await sql(service.db.url, 'SELECT 1 FROM recovery_codes WHERE user_id = $1', [user.id])).toEqual([]);
  });

  it("erases only the caller's own student account", async () => {
    const student = await register();
    const other = await register();
    expect(
      await rpc.fail(Subjects.identity.eraseMe, { userId: other.id, password: PASSWORD }, student.actor),
    ).toMatchObject({ code: ErrorCodes.forbidden });
    const tutor = await register('tutor');
    expect(await failEraseMe(tutor, { password: PASSWORD })).toMatchObject({
      code: ErrorCodes.forbidden,
      message: ErasureMessages.studentsOnly,
    });
    expect(await userRows(other.id)).toHaveLength(1);
    expect(await userRows(tutor.id)).toHaveLength(1);
  });
});

describe("an admin's erasure on a verified request", () => {
  const eraseUser = (userId: number, actor: Actor, reason = 'Emailed request, verified by phone') =>
    rpc.call(Subjects.identity.eraseUser, { userId, reason }, actor);

  it('erases a student with who, when and why recorded, and answers a repeat the same', async () => {
    const student = await register();
    const reply = UserErasedReplySchema.parse(await eraseUser(student.id, admin));
    expect(reply.message).toBe(ErasureMessages.adminErased);
    expect(await userRows(student.id)).toEqual([]);
    expect(await sql(service.db.url, 'SELECT erased_by_user_id, reason FROM erased_users')).toEqual([
      { erased_by_user_id: admin.userId, reason: 'Emailed request, verified by phone' },
    ]);
    expect(UserErasedReplySchema.parse(await eraseUser(student.id, { userId: 9_001, role: 'admin' }))).toEqual(reply);
    expect(await erasedEvents()).toHaveLength(1);
  });

  it('refuses non-admins, admin and tutor accounts, an unknown id, and never touches them', async () => {
    const student = await register();
    const tutor = await register('tutor');
    const otherAdmin = await register('admin');
    expect(
      await rpc.fail(Subjects.identity.eraseUser, { userId: student.id, reason: 'x' }, student.actor),
    ).toMatchObject({ code: ErrorCodes.forbidden });
    expect(
      await rpc.fail(Subjects.identity.eraseUser, { userId: otherAdmin.id, reason: 'x' }, otherAdmin.actor),
    ).toMatchObject({ code: ErrorCodes.forbidden, message: ErasureMessages.ownAccount });
    for (const account of [tutor, otherAdmin]) {
      expect(await rpc.fail(Subjects.identity.eraseUser, { userId: account.id, reason: 'x' }, admin)).toMatchObject({
        code: ErrorCodes.forbidden,
        message: ErasureMessages.studentsOnly,
      });
    }
    expect(await rpc.fail(Subjects.identity.eraseUser, { userId: 987_654, reason: 'x' }, admin)).toMatchObject({
      code: ErrorCodes.notFound,
    });
    expect(await sql(service.db.url, 'SELECT count(*)::int AS n FROM users')).toEqual([{ n: 3 }]);
    expect(await erasedEvents()).toEqual([]);
  });
});
