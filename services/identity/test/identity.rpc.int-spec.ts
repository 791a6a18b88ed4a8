import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import { type ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';
import {
  type Actor,
  ErrorCodes,
  EventEnvelopeSchema,
  EventTypes,
  PasswordResetRequestedV1Schema,
  type RegisterBody,
  RequestPasswordResetReplySchema,
  ResetPasswordReplySchema,
  type RpcError,
  RpcErrorSchema,
  ServerMessages,
  Subjects,
  type UserDto,
  UserDtoSchema,
  UserRegisteredV1Schema,
  VerifyCredentialsReplySchema,
  ValidationMessages,
} from '@medtutor/contracts';
import { startService } from '@medtutor/nest-kit';
import { createTestDatabase, eventually, stopTestInfra, type TestDatabase, sql } from '@medtutor/nest-kit/testing';
import { firstValueFrom, timeout } from 'rxjs';
import { identity } from '../src/service.js';
import { RESET_REQUEST_MIN_REPLY_MS } from '../src/modules/password-resets/password-resets.service.js';
import { capturedLogger, MAIL_FROM, MIGRATIONS_DIR, PUBLIC_BASE_URL, testConfig } from './support/harness.js';
import { decodeQuotedPrintable, type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { signedRequest, startTestNats, type TestNats } from '@medtutor/nest-kit/testing';

/**
 * The service as the gateway sees it: identity booted by `startService` on NATS,
 * called through a Nest ClientProxy, on a fresh PostgreSQL database, sending mail to a real SMTP
 * listener. The NATS server is this file's own, so no other identity instance answers for it.
 */
let nats: TestNats;
let db: TestDatabase;
let smtp: SmtpSink;
let app: INestMicroservice;
let client: ClientProxy;
/** Every reply and error, checked at the end for anything that looks like a password hash. */
const answers: unknown[] = [];

const amelia = {
  username: 'amelia',
  email: 'Amelia@Example.com',
  password: 'correct-horse-7',
  firstName: 'Amelia',
  phone: '07700900123',
} satisfies RegisterBody;

async function call<T = unknown>(
  subject: string,
  data: unknown,
  actor: Actor | null = null,
  correlationId = 'test-correlation',
): Promise<T> {
  try {
    const request = await signedRequest(subject, data, actor, correlationId);
    const reply = await firstValueFrom(client.send<T>(subject, request).pipe(timeout(15_000)));
    answers.push(reply);
    return reply;
  } catch (error) {
    answers.push(error);
    throw error;
  }
}

async function callError(subject: string, data: unknown, actor: Actor | null = null): Promise<RpcError> {
  const error = await call(subject, data, actor).then(
    () => {
      throw new Error(`expected ${subject} to fail`);
    },
    (failure: unknown) => failure,
  );
  return RpcErrorSchema.parse(error);
}

const register = async (body: RegisterBody = amelia): Promise<UserDto> =>
  UserDtoSchema.parse(await call(Subjects.identity.register, body));

/** Asks for a reset link and returns the token from the email the SMTP listener receives. */
async function requestResetToken(email: string): Promise<string> {
  const before = smtp.received.length;
  expect(RequestPasswordResetReplySchema.parse(await call(Subjects.identity.requestPasswordReset, { email }))).toEqual({
    accepted: true,
  });
  const mail = await eventually(
    async () => smtp.received.slice(before).find((received) => received.to.includes(email.toLowerCase())),
    10_000,
    `reset email to ${email}`,
  );
  const link = decodeQuotedPrintable(mail.raw).match(
    /http:\/\/localhost:8080\/reset-password\?token=([A-Za-z0-9_-]{43})/,
  );
  if (!link?.[1]) throw new Error(`no reset link in:\n${mail.raw}`);
  return link[1];
}

const reset = (token: string, password: string) =>
  call(Subjects.identity.resetPassword, { token, password, confirmPassword: password });
const login = (email: string, password: string) => call(Subjects.identity.verifyCredentials, { email, password });

beforeAll(async () => {
  nats = await startTestNats();
  const natsUrl = nats.url;
  [db, smtp] = await Promise.all([
    createTestDatabase('identity_rpc', MIGRATIONS_DIR),
    startSmtpSink({ reject: /^bounce@/ }),
  ]);
  const config = testConfig({ IDENTITY_DATABASE_URL: db.url, NATS_URL: natsUrl, SMTP_URL: smtp.url });
  const { logger } = capturedLogger();
  app = await startService(identity, config, logger);
  client = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [natsUrl] } });
  await client.connect();
});

afterAll(async () => {
  await client?.close();
  await app?.close();
  await smtp?.close();
  await db?.drop();
  await nats?.stop();
  await stopTestInfra();
});

beforeEach(async () => {
  await db.truncate();
});

describe('register', () => {
  it('creates a student and answers the contract DTO, with the email lower-cased', async () => {
    const user = UserDtoSchema.strict().parse(await call(Subjects.identity.register, amelia));
    expect(user).toEqual({
      id: expect.any(Number),
      username: 'amelia',
      email: 'amelia@example.com',
      firstName: 'Amelia',
      lastName: null,
      phone: '07700900123',
      freeTrialUsed: false,
      role: 'student',
      isAdmin: false,
    });
    const [row] = await sql<{ email: string; password_hash: string }>(db.url, 'SELECT email, password_hash FROM users');
    expect(row?.email).toBe('amelia@example.com');
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('writes identity.user_registered.v1 to the outbox, which the relay publishes', async () => {
    const user = UserDtoSchema.parse(await call(Subjects.identity.register, amelia, null, 'corr-register-1'));
    // The student's name goes out beside it (test/student-names.int-spec.ts).
    const rows = await sql<{ id: string; type: string; subject: string; payload: unknown }>(
      db.url,
      'SELECT id, type, subject, payload FROM outbox_events WHERE type = $1',
      [EventTypes.userRegistered],
    );
    expect(rows).toHaveLength(1);
    const envelope = EventEnvelopeSchema.parse(rows[0]?.payload);
    expect(envelope).toMatchObject({
      id: rows[0]?.id,
      type: EventTypes.userRegistered,
      version: 1,
      correlationId: 'corr-register-1',
    });
    expect(rows[0]?.subject).toBe(`events.${EventTypes.userRegistered}`);
    expect(UserRegisteredV1Schema.strict().parse(envelope.data)).toEqual({
      userId: user.id,
      username: 'amelia',
      email: 'amelia@example.com',
      firstName: 'Amelia',
      lastName: null,
      phone: '07700900123',
      role: 'student',
    });
    await eventually(
      async () => (await sql(db.url, 'SELECT 1 FROM outbox_events WHERE published_at IS NULL')).length === 0,
      10_000,
      'the relay to publish',
    );
  });

  it('commits the user and its event together or not at all', async () => {
    await sql(
      db.url,
      `CREATE FUNCTION reject_outbox() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'outbox unavailable'; END $$;
       CREATE TRIGGER reject_outbox BEFORE INSERT ON outbox_events FOR EACH ROW EXECUTE FUNCTION reject_outbox();`,
    );
    try {
      expect(await callError(Subjects.identity.register, amelia)).toEqual({
        code: ErrorCodes.internal,
        message: ServerMessages.internal,
      });
      expect(await sql(db.url, 'SELECT 1 FROM users')).toHaveLength(0);
    } finally {
      await sql(db.url, 'DROP TRIGGER reject_outbox ON outbox_events; DROP FUNCTION reject_outbox();');
    }
  });

  it('refuses a taken username', async () => {
    await register();
    expect(await callError(Subjects.identity.register, { ...amelia, email: 'someone.else@example.com' })).toEqual({
      code: ErrorCodes.usernameTaken,
      message: 'Username already exists',
    });
  });

  it('refuses a taken email whatever its case', async () => {
    await register();
    expect(
      await callError(Subjects.identity.register, { ...amelia, username: 'amelia2', email: 'AMELIA@EXAMPLE.COM' }),
    ).toEqual({
      code: ErrorCodes.emailTaken,
      message: ServerMessages.emailTaken,
    });
  });

  it('lets the unique indexes settle concurrent registrations, with the same errors', async () => {
    const sameUsername = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        call(Subjects.identity.register, { ...amelia, email: `amelia${i}@example.com` }),
      ),
    );
    const sameEmail = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        call(Subjects.identity.register, { ...amelia, username: `other${i}`, email: 'shared@example.com' }),
      ),
    );
    const codes = (results: PromiseSettledResult<unknown>[]) =>
      results
        .map((result) => (result.status === 'fulfilled' ? 'created' : RpcErrorSchema.parse(result.reason).code))
        .sort();
    expect(codes(sameUsername)).toEqual([
      'IDENTITY.USERNAME_TAKEN',
      'IDENTITY.USERNAME_TAKEN',
      'IDENTITY.USERNAME_TAKEN',
      'IDENTITY.USERNAME_TAKEN',
      'IDENTITY.USERNAME_TAKEN',
      'created',
    ]);
    expect(codes(sameEmail)).toEqual([
      'IDENTITY.EMAIL_TAKEN',
      'IDENTITY.EMAIL_TAKEN',
      'IDENTITY.EMAIL_TAKEN',
      'IDENTITY.EMAIL_TAKEN',
      'IDENTITY.EMAIL_TAKEN',
      'created',
    ]);
    expect(await sql(db.url, 'SELECT 1 FROM outbox_events WHERE type = $1', [EventTypes.userRegistered])).toHaveLength(
      2,
    );
  });

  it('validates with the contract schema and answers its first message', async () => {
    const short = await callError(Subjects.identity.register, {
      username: 'bob',
      email: 'bob@example.com',
      password: '12345',
    });
    expect(short).toMatchObject({ code: ErrorCodes.validationFailed, message: ValidationMessages.passwordMin });
    expect(short.details).toEqual({ issues: [{ path: ['password'], message: ValidationMessages.passwordMin }] });
    expect(await callError(Subjects.identity.register, { ...amelia, email: 'not-an-email' })).toMatchObject({
      code: ErrorCodes.validationFailed,
      message: ValidationMessages.emailInvalid,
    });
  });

  it('refuses a request without the gateway metadata', async () => {
    const error = await firstValueFrom(
      client.send(Subjects.identity.register, { data: amelia }).pipe(timeout(15_000)),
    ).catch((failure: unknown) => failure);
    expect(RpcErrorSchema.parse(error)).toEqual({
      code: ErrorCodes.validationFailed,
      message: 'Invalid request metadata',
    });
  });
});

describe('verifyCredentials', () => {
  it('answers the user for the right password, whatever the case of the email', async () => {
    const user = await register();
    // The user, and whether a second step (TOTP) follows the password.
    expect(VerifyCredentialsReplySchema.strict().parse(await login('AMELIA@example.COM', amelia.password))).toEqual({
      ...user,
      totpEnabled: false,
      totpEnrolmentRequired: false,
    });
  });

  it('answers a wrong password and an unknown email identically', async () => {
    await register();
    const wrongPassword = await callError(Subjects.identity.verifyCredentials, {
      email: amelia.email,
      password: 'not-the-password',
    });
    const unknownEmail = await callError(Subjects.identity.verifyCredentials, {
      email: 'nobody@example.com',
      password: 'not-the-password',
    });
    expect(wrongPassword).toEqual({ code: ErrorCodes.invalidCredentials, message: 'Invalid email or password' });
    expect(unknownEmail).toEqual(wrongPassword);
  });

  it('spends argon2 time on an unknown email too', async () => {
    await register();
    const timed = async (email: string) => {
      const started = performance.now();
      await callError(Subjects.identity.verifyCredentials, { email, password: 'not-the-password' });
      return performance.now() - started;
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    // Many interleaved rounds and their medians: a busy machine slows both kinds alike.
    for (let round = 0; round < 15; round += 1) {
      wrong.push(await timed(amelia.email));
      unknown.push(await timed('nobody@example.com'));
    }
    const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[7] ?? 0;
    // Without the dummy verification an unknown email answers about four times faster (a lookup
    // against a lookup and an argon2 run); with it the two are alike.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.5);
  });
});

describe('getUser', () => {
  it('answers users their own account', async () => {
    const user = await register();
    expect(
      UserDtoSchema.strict().parse(
        await call(Subjects.identity.getUser, { userId: user.id }, { userId: user.id, role: 'student' }),
      ),
    ).toEqual(user);
  });

  it('answers an admin any account, and not found for an unknown id', async () => {
    const user = await register();
    const admin = await register({ username: 'boss', email: 'boss@example.com', password: 'boss-password-1' });
    await sql(db.url, `UPDATE users SET role = 'admin' WHERE id = $1`, [admin.id]);
    const actor: Actor = { userId: admin.id, role: 'admin' };
    expect(await call(Subjects.identity.getUser, { userId: user.id }, actor)).toEqual(user);
    expect(UserDtoSchema.parse(await call(Subjects.identity.getUser, { userId: admin.id }, actor))).toMatchObject({
      role: 'admin',
      isAdmin: true,
    });
    expect(await callError(Subjects.identity.getUser, { userId: 999_999 }, actor)).toEqual({
      code: ErrorCodes.notFound,
      message: ServerMessages.notFound,
    });
  });

  it("refuses another student's account and visitors", async () => {
    const user = await register();
    const other = await register({ username: 'bob', email: 'bob@example.com', password: 'bob-password-1' });
    expect(
      await callError(Subjects.identity.getUser, { userId: user.id }, { userId: other.id, role: 'student' }),
    ).toEqual({
      code: ErrorCodes.forbidden,
      message: ServerMessages.forbidden,
    });
    expect(await callError(Subjects.identity.getUser, { userId: user.id }, null)).toEqual({
      code: ErrorCodes.unauthenticated,
      message: ServerMessages.unauthenticated,
    });
  });
});

describe('password reset', () => {
  it('sends a single-use link by SMTP that sets a new password, and expires', async () => {
    const user = await register();
    const token = await requestResetToken('AMELIA@example.com');

    const [mail] = smtp.received.slice(-1);
    expect(mail?.from).toBe('no-reply@medpath.test');
    expect(mail?.raw).toContain(`From: ${MAIL_FROM}`);
    expect(mail?.raw).toContain('Subject: Reset your password');
    expect(decodeQuotedPrintable(mail?.raw ?? '')).toContain(`${PUBLIC_BASE_URL}/reset-password?token=${token}`);

    // Only the SHA-256 of the token is kept; the sent email's body is cleared; the event has no token.
    const tokenHash = createHash('sha256').update(token).digest('hex');
    expect(await sql(db.url, 'SELECT user_id, email FROM password_resets WHERE token_hash = $1', [tokenHash])).toEqual([
      { user_id: user.id, email: 'amelia@example.com' },
    ]);
    const emails = await eventually(
      async () => {
        const rows = await sql<{ text: string; html: string; sent_at: Date | null }>(
          db.url,
          'SELECT text, html, sent_at FROM outbound_emails',
        );
        return rows.every((row) => row.sent_at) && rows;
      },
      5_000,
      'the email to be marked sent',
    );
    expect(emails).toEqual([{ text: '', html: '', sent_at: expect.any(Date) }]);
    const events = await sql<{ payload: unknown }>(db.url, 'SELECT payload FROM outbox_events WHERE type = $1', [
      EventTypes.passwordResetRequested,
    ]);
    expect(events).toHaveLength(1);
    const envelope = EventEnvelopeSchema.parse(events[0]?.payload);
    expect(PasswordResetRequestedV1Schema.strict().parse(envelope.data)).toEqual({
      userId: user.id,
      expiresAt: expect.any(String),
    });
    expect(JSON.stringify(envelope)).not.toContain(token);

    expect(ResetPasswordReplySchema.parse(await reset(token, 'brand-new-secret-9'))).toEqual({ userId: user.id });
    await expect(login(amelia.email, amelia.password)).rejects.toMatchObject({ code: ErrorCodes.invalidCredentials });
    expect(await login(amelia.email, 'brand-new-secret-9')).toMatchObject(user);

    expect(
      await callError(Subjects.identity.resetPassword, {
        token,
        password: 'third-secret-1',
        confirmPassword: 'third-secret-1',
      }),
    ).toEqual({
      code: ErrorCodes.resetTokenInvalid,
      message: ServerMessages.resetTokenInvalid,
    });

    const second = await requestResetToken(amelia.email);
    await sql(db.url, `UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    expect(
      await callError(Subjects.identity.resetPassword, {
        token: second,
        password: 'third-secret-1',
        confirmPassword: 'third-secret-1',
      }),
    ).toMatchObject({
      code: ErrorCodes.resetTokenInvalid,
    });
    expect(await login(amelia.email, 'brand-new-secret-9')).toMatchObject(user);
  });

  it('answers an unknown email exactly like a known one, after the same minimum time, and queues nothing', async () => {
    await register();
    const timed = async (email: string) => {
      const started = performance.now();
      const reply = await call(Subjects.identity.requestPasswordReset, { email });
      return { reply, ms: performance.now() - started };
    };
    const known = await timed(amelia.email);
    const unknown = await timed('nobody@example.com');
    expect(unknown.reply).toEqual(known.reply);
    expect(known.ms).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_REPLY_MS);
    expect(unknown.ms).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_REPLY_MS);
    expect(await sql(db.url, 'SELECT to_address FROM outbound_emails')).toEqual([{ to_address: 'amelia@example.com' }]);
    expect(await sql(db.url, 'SELECT 1 FROM password_resets')).toHaveLength(1);
  });

  it('retires older links when a new one is issued, and sends at most one a minute', async () => {
    const user = await register();
    const first = await requestResetToken(amelia.email);
    // Past the resend cooldown, as if the user asked again two minutes later.
    await sql(db.url, `UPDATE password_resets SET created_at = created_at - interval '2 minutes'`);
    const second = await requestResetToken(amelia.email);
    expect(second).not.toBe(first);

    await call(Subjects.identity.requestPasswordReset, { email: amelia.email });
    expect(await sql(db.url, 'SELECT 1 FROM outbound_emails')).toHaveLength(2);

    expect(
      await callError(Subjects.identity.resetPassword, {
        token: first,
        password: 'newer-secret-1',
        confirmPassword: 'newer-secret-1',
      }),
    ).toMatchObject({
      code: ErrorCodes.resetTokenInvalid,
    });
    expect(await reset(second, 'newer-secret-1')).toEqual({ userId: user.id });
  });

  it('lets exactly one of two concurrent redemptions of a link win', async () => {
    const user = await register();
    const token = await requestResetToken(amelia.email);
    const results = await Promise.allSettled([reset(token, 'racer-one-1'), reset(token, 'racer-two-2')]);
    const won = results.flatMap((result, index) => (result.status === 'fulfilled' ? [index] : []));
    expect(won).toHaveLength(1);
    const lost = results.find((result) => result.status === 'rejected');
    expect(RpcErrorSchema.parse((lost as PromiseRejectedResult).reason).code).toBe(ErrorCodes.resetTokenInvalid);
    expect(await login(amelia.email, won[0] === 0 ? 'racer-one-1' : 'racer-two-2')).toMatchObject(user);
  });

  it('keeps an email the SMTP server refused and retries it later', async () => {
    await register({ username: 'bouncer', email: 'bounce@example.com', password: 'bounce-password-1' });
    await call(Subjects.identity.requestPasswordReset, { email: 'bounce@example.com' });
    const [row] = await eventually(
      async () => {
        const rows = await sql<{
          attempts: number;
          last_error: string | null;
          sent_at: Date | null;
          failed_at: Date | null;
          text: string;
          retry_in_s: number;
        }>(
          db.url,
          `SELECT attempts, last_error, sent_at, failed_at, text, extract(epoch FROM next_attempt_at - now())::float AS retry_in_s FROM outbound_emails`,
        );
        return rows[0]?.last_error ? rows : undefined;
      },
      10_000,
      'a failed delivery',
    );
    expect(row).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
    expect(row?.last_error).toMatch(/mailbox unavailable/);
    expect(row?.text).toContain('/reset-password?token=');
    expect(row?.retry_in_s).toBeGreaterThan(5);
    expect(row?.retry_in_s).toBeLessThanOrEqual(10);
  });

  it("validates the new password pair with the contract's messages", async () => {
    expect(
      await callError(Subjects.identity.resetPassword, { token: 'abc', password: 'abcdef', confirmPassword: 'abcdeg' }),
    ).toMatchObject({
      code: ErrorCodes.validationFailed,
      message: "Passwords don't match",
    });
    expect(
      await callError(Subjects.identity.resetPassword, { token: '', password: 'abcdef', confirmPassword: 'abcdef' }),
    ).toMatchObject({
      message: 'Reset token is required',
    });
  });
});

describe('every answer', () => {
  it('was free of password hashes (this runs last, over all the answers above)', () => {
    expect(answers.length).toBeGreaterThan(40);
    const all = JSON.stringify(answers);
    expect(all).not.toMatch(/passwordHash|password_hash|\$argon2/);
  });
});
