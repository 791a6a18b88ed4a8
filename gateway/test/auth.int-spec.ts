import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Get } from '@nestjs/common';
import { ErrorCodes, Fixtures, ServerMessages, Subjects } from '@medtutor/contracts';
import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import request from 'supertest';
import { eventually, sql } from '@medtutor/nest-kit/testing';
import { AdminOnly, Authenticated, TutorOnly } from '../src/auth/auth.decorators.js';
import {
  PASSWORD,
  PLATFORM_START_MS,
  PLATFORM_STOP_MS,
  type RealPlatform,
  startRealPlatform,
} from './support/real-platform.js';
import { type GatewayUnderTest, sessionCookieFrom, sessionIdOf, setCookies } from './support/test-gateway.js';

/**
 * Sign-up, sign-in, sessions, password resets and guards through the gateway and the real identity
 * (its build, a fresh database). "identity does not answer" is identity's process frozen.
 */
const IdentitySubjects = Object.values(Subjects.identity);

/** Routes that exist only in this test, guarded the way later route modules will be. */
@Controller('api/test-guards')
class GuardProbeController {
  @Get('member')
  @Authenticated()
  member() {
    return { ok: true };
  }

  @Get('admin')
  @AdminOnly()
  admin() {
    return { ok: true };
  }

  @Get('tutor')
  @TutorOnly()
  tutor() {
    return { ok: true };
  }
}

let platform: RealPlatform;
let gateway: GatewayUnderTest;
let server: Server;
/** A fresh client address per call (TRUST_PROXY is on), so per-IP limits meet only where a test means them to. */
const freshIp = () => platform.freshIp();

beforeAll(async () => {
  platform = await startRealPlatform({
    label: 'auth',
    services: [],
    gatewayEnv: { RPC_TIMEOUT_MS: '2000' },
    gatewayControllers: [GuardProbeController],
    watch: IdentitySubjects,
  });
  gateway = platform.gateway;
  server = platform.server;
}, PLATFORM_START_MS);

afterAll(() => platform?.close(), PLATFORM_STOP_MS);

const identityDb = () => platform.databases.identity!;
const askedIdentity = async () =>
  (await Promise.all(IdentitySubjects.map((subject) => platform.requests.count(subject)))).reduce((a, b) => a + b);
/** A new account through the route, as its owner makes it. */
async function registered(email: string, password: string) {
  const res = await request(server)
    .post('/api/register')
    .set('X-Forwarded-For', freshIp())
    .send({ username: email.split('@')[0], email, password });
  expect(res.status).toBe(201);
}
/** Stops identity answering for the length of `during`. */
async function withIdentityFrozen(during: () => Promise<void>): Promise<void> {
  const frozen = platform.pauseService('identity');
  try {
    await during();
  } finally {
    frozen.resume();
  }
}

const validationError = (message: string) => ({
  statusCode: 400,
  code: ErrorCodes.validationFailed,
  message,
  errors: expect.arrayContaining([expect.objectContaining({ message })]),
});
const unauthenticated = { statusCode: 401, code: ErrorCodes.unauthenticated, message: ServerMessages.unauthenticated };

async function login(email: string, password: string, ip = freshIp()) {
  return request(server).post('/api/login').set('X-Forwarded-For', ip).send({ email, password });
}

/** Signs a new user in and returns the user and their session cookie. */
async function signedIn(role: 'student' | 'tutor' | 'admin' = 'student') {
  const { user, cookie } = await platform.signIn(role);
  return { user, email: user.email, cookie };
}

const currentUser = (cookie?: string) => {
  const call = request(server).get('/api/user');
  return cookie ? call.set('Cookie', cookie) : call;
};

describe('GET /api/user', () => {
  it('answers 401 for a visitor', async () => {
    const res = await currentUser();
    expect(res.status).toBe(401);
    expect(res.body).toEqual(unauthenticated);
  });

  it('ends the session when the account no longer exists', async () => {
    const { user, cookie } = await signedIn();
    await sql(identityDb(), 'DELETE FROM users WHERE id = $1', [user.id]);
    expect((await currentUser(cookie)).status).toBe(401);
    expect(await gateway.redis.exists(gateway.keys.sessionPrefix + sessionIdOf(cookie))).toBe(0);
  });
});

describe('POST /api/register', () => {
  it('creates the account, signs the user in and answers the UserDto with 201', async () => {
    const res = await request(server)
      .post('/api/register')
      .set('X-Forwarded-For', freshIp())
      .send({ ...Fixtures.registerBody, username: ' amelia ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      username: 'amelia',
      email: Fixtures.registerBody.email,
      role: 'student',
      isAdmin: false,
    });
    // Validated and trimmed by the gateway, stamped as a visitor's request.
    expect(await platform.requests.last(Subjects.identity.register)).toMatchObject({
      meta: { actor: null },
      data: { username: 'amelia', email: Fixtures.registerBody.email },
    });

    const [cookie] = setCookies(res);
    expect(cookie).toMatch(/^sid=s%3A[\w-]+\.[\w%+/-]+;/);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    // 24 random bytes in base64url: 192 bits of entropy, opaque.
    expect(sessionIdOf(cookie as string)).toMatch(/^[\w-]{32}$/);

    const me = await currentUser(sessionCookieFrom(res));
    expect(me.status).toBe(200);
    expect(me.body).toEqual(res.body);
  });

  it("answers 409 with identity's message when the email is taken", async () => {
    await registered('taken@example.com', 'whatever-1');
    const res = await request(server)
      .post('/api/register')
      .set('X-Forwarded-For', freshIp())
      .send({ username: 'newname', email: 'taken@example.com', password: 'secret-1' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ statusCode: 409, code: ErrorCodes.emailTaken, message: ServerMessages.emailTaken });
    expect(setCookies(res)).toEqual([]);
  });

  it.each([
    [{ email: 'a@b.co', password: 'secret-1' }, 'Username is required'],
    [{ username: 'x', email: 'not-an-email', password: 'secret-1' }, 'Please enter a valid email address'],
    [{ username: 'x', password: 'secret-1' }, 'Email is required'],
    [{ username: 'x', email: 'a@b.co', password: '12345' }, 'Password must be at least 6 characters'],
    [{ username: 'x', email: 'a@b.co' }, 'Password is required'],
  ])('answers 400 with the spec message for %j', async (body, message) => {
    const res = await request(server).post('/api/register').set('X-Forwarded-For', freshIp()).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationError(message));
  });
});

describe('POST /api/login', () => {
  it('answers the UserDto and starts a session under a new id each time', async () => {
    const { user, email, cookie: first } = await signedIn();
    const again = await request(server)
      .post('/api/login')
      .set('Cookie', first)
      .set('X-Forwarded-For', freshIp())
      .send({ email, password: PASSWORD });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(user);
    const second = sessionCookieFrom(again) as string;
    expect(sessionIdOf(second)).not.toBe(sessionIdOf(first));
    // The pre-login session is gone server-side: its cookie no longer signs anyone in.
    expect((await currentUser(first)).status).toBe(401);
    expect((await currentUser(second)).body).toEqual(user);
  });

  it.each([
    [{}, 'Email is required'],
    [{ email: 'someone@example.com' }, 'Password is required'],
    [{ email: 'nope', password: 'x' }, 'Please enter a valid email address'],
    [{ email: 'someone@example.com', password: '' }, 'Password is required'],
  ])('validates %j before passport: 400 with the spec message', async (body, message) => {
    const before = await askedIdentity();
    const res = await request(server).post('/api/login').set('X-Forwarded-For', freshIp()).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationError(message));
    expect(await askedIdentity()).toBe(before);
  });

  it('answers a wrong password exactly like an unknown email', async () => {
    await registered('known@example.com', 'right-pass-1');
    const wrongPassword = await login('known@example.com', 'wrong-pass-1');
    const unknownEmail = await login('unknown@example.com', 'wrong-pass-1');
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toEqual({
      statusCode: 401,
      code: ErrorCodes.invalidCredentials,
      message: ServerMessages.invalidCredentials,
    });
    expect(unknownEmail.status).toBe(wrongPassword.status);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });
});

describe('POST /api/logout', () => {
  it('destroys the session in Redis and clears the cookie', async () => {
    const { user, cookie } = await signedIn();
    const sessionKey = gateway.keys.sessionPrefix + sessionIdOf(cookie);
    expect(await gateway.redis.exists(sessionKey)).toBe(1);

    const res = await request(server).post('/api/logout').set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: ServerMessages.loggedOut });
    expect(setCookies(res)[0]).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);
    expect(await gateway.redis.exists(sessionKey)).toBe(0);
    expect(await gateway.redis.sismember(gateway.keys.userSessions(user.id), sessionIdOf(cookie))).toBe(0);
    // Replaying the old cookie gets nowhere.
    expect((await currentUser(cookie)).status).toBe(401);
  });

  it('is harmless for a visitor', async () => {
    const res = await request(server).post('/api/logout');
    expect(res.status).toBe(200);
  });
});

describe('session lifetime', () => {
  it('keeps the session in Redis for the idle window, renewed on use', async () => {
    const { cookie } = await signedIn();
    const key = gateway.keys.sessionPrefix + sessionIdOf(cookie);
    await gateway.redis.expire(key, 60);
    expect((await currentUser(cookie)).status).toBe(200);
    const ttl = await gateway.redis.ttl(key);
    expect(ttl).toBeGreaterThan(gateway.config.session.idleMs / 1000 - 10);
    expect(ttl).toBeLessThanOrEqual(gateway.config.session.idleMs / 1000);
  });

  it('ends a session past its absolute lifetime, however active', async () => {
    const { cookie } = await signedIn();
    const key = gateway.keys.sessionPrefix + sessionIdOf(cookie);
    const stored = JSON.parse((await gateway.redis.get(key)) as string) as { createdAt: number };
    stored.createdAt = Date.now() - gateway.config.session.absoluteMs - 1000;
    await gateway.redis.set(key, JSON.stringify(stored), 'EX', 600);

    const res = await currentUser(cookie);
    expect(res.status).toBe(401);
    expect(setCookies(res)[0]).toMatch(/^sid=;/);
    expect(await gateway.redis.exists(key)).toBe(0);
  });
});

describe('password reset', () => {
  it('answers the same neutral message for known and unknown emails', async () => {
    await registered('forgetful@example.com', 'whatever-1');
    for (const email of ['forgetful@example.com', 'nobody@example.com']) {
      const res = await request(server).post('/api/forgot-password').set('X-Forwarded-For', freshIp()).send({ email });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: ServerMessages.resetLinkSent });
    }
  });

  it('validates the email', async () => {
    const res = await request(server)
      .post('/api/forgot-password')
      .set('X-Forwarded-For', freshIp())
      .send({ email: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationError('Please enter a valid email address'));
  });

  it("ends every session of that user, and only that user's", async () => {
    const { user, email, cookie: firstDevice } = await signedIn();
    const secondDevice = sessionCookieFrom(await login(email, PASSWORD)) as string;
    const bystander = await signedIn();
    // The link identity mailed, written directly: only its hash is stored.
    await sql(
      identityDb(),
      `INSERT INTO password_resets (user_id, email, token_hash, expires_at) VALUES ($1, $2, $3, now() + interval '1 hour')`,
      [user.id, email, createHash('sha256').update(Fixtures.resetPasswordBody.token, 'utf8').digest('hex')],
    );

    const res = await request(server)
      .post('/api/reset-password')
      .set('Cookie', firstDevice)
      .send(Fixtures.resetPasswordBody);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: ServerMessages.passwordReset });
    expect((await currentUser(firstDevice)).status).toBe(401);
    expect((await currentUser(secondDevice)).status).toBe(401);
    expect(await gateway.redis.exists(gateway.keys.userSessions(user.id))).toBe(0);
    expect((await currentUser(bystander.cookie)).status).toBe(200);
    // The new password works.
    expect((await login(email, Fixtures.resetPasswordBody.password)).status).toBe(200);
  });

  it.each([
    [{ ...Fixtures.resetPasswordBody, confirmPassword: 'different-9' }, "Passwords don't match"],
    [{ ...Fixtures.resetPasswordBody, token: '' }, 'Reset token is required'],
    [
      { ...Fixtures.resetPasswordBody, password: '123', confirmPassword: '123' },
      'Password must be at least 6 characters',
    ],
    [{ token: 't', password: 'secret-1', confirmPassword: '' }, 'Password confirmation is required'],
  ])('answers 400 with the spec message for %j', async (body, message) => {
    const res = await request(server).post('/api/reset-password').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationError(message));
  });

  it('answers an unknown or used token with the spec message', async () => {
    const res = await request(server)
      .post('/api/reset-password')
      .send({ ...Fixtures.resetPasswordBody, token: 'not-a-real-token' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: ErrorCodes.resetTokenInvalid,
      message: ServerMessages.resetTokenInvalid,
    });
  });
});

describe('guards', () => {
  const probe = (path: string, cookie?: string) => {
    const call = request(server).get(`/api/test-guards/${path}`);
    return cookie ? call.set('Cookie', cookie) : call;
  };

  it('answers 401 to visitors on every guarded route', async () => {
    for (const path of ['member', 'admin', 'tutor']) {
      const res = await probe(path);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(unauthenticated);
    }
  });

  it('lets each role through only where it belongs', async () => {
    const forbidden = { statusCode: 403, code: ErrorCodes.forbidden, message: ServerMessages.forbidden };
    const student = (await signedIn('student')).cookie;
    const tutor = (await signedIn('tutor')).cookie;
    const admin = (await signedIn('admin')).cookie;

    expect((await probe('member', student)).status).toBe(200);
    expect((await probe('admin', student)).body).toEqual(forbidden);
    expect((await probe('tutor', student)).body).toEqual(forbidden);

    expect((await probe('admin', admin)).status).toBe(200);
    expect((await probe('tutor', admin)).status).toBe(403);

    expect((await probe('tutor', tutor)).status).toBe(200);
    expect((await probe('admin', tutor)).status).toBe(403);
  });

  it('applies a role changed in identity once the session reads the user again', async () => {
    const { user, cookie } = await signedIn('admin');
    expect((await probe('admin', cookie)).status).toBe(200);
    await sql(identityDb(), `UPDATE users SET role = 'student' WHERE id = $1`, [user.id]);
    expect((await currentUser(cookie)).body).toMatchObject({ role: 'student', isAdmin: false });
    expect((await probe('admin', cookie)).status).toBe(403);
  });
});

describe('correlation id and actor', () => {
  it('echoes a sane x-request-id and carries it, with the actor, to the service', async () => {
    const { user, cookie } = await signedIn('tutor');
    const res = await currentUser(cookie).set('x-request-id', 'trace-me-42');
    expect(res.headers['x-request-id']).toBe('trace-me-42');
    expect((await platform.requests.last(Subjects.identity.getUser))?.meta).toMatchObject({
      correlationId: 'trace-me-42',
      actor: { userId: user.id, role: 'tutor' },
    });
  });

  it('replaces an unsafe one with a fresh UUID', async () => {
    const res = await request(server)
      .post('/api/forgot-password')
      .set('X-Forwarded-For', freshIp())
      .set('x-request-id', 'bad id with spaces')
      .send({ email: 'someone@example.com' });
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect((await platform.requests.last(Subjects.identity.requestPasswordReset))?.meta).toMatchObject({
      correlationId: id,
      actor: null,
    });
  });
});

describe('rate limits', () => {
  const rateLimited = expect.objectContaining({
    statusCode: 429,
    code: ErrorCodes.rateLimited,
    message: ServerMessages.rateLimited,
  });

  it('blocks repeated bad logins for one account from one address, while forgot-password still works', async () => {
    const { email } = await signedIn();
    const ip = freshIp();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await login(email, 'guess-' + attempt, ip)).status).toBe(401);
    }
    const blocked = await login(email, PASSWORD, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(rateLimited);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    const reset = await request(server).post('/api/forgot-password').set('X-Forwarded-For', ip).send({ email });
    expect(reset.status).toBe(200);
  });

  it('forgives earlier failures after a successful login', async () => {
    const { email } = await signedIn();
    const ip = freshIp();
    for (let attempt = 1; attempt <= 4; attempt++) expect((await login(email, 'wrong', ip)).status).toBe(401);
    expect((await login(email, PASSWORD, ip)).status).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt++) expect((await login(email, 'wrong', ip)).status).toBe(401);
  });

  it('does not count attempts that failed because identity did not answer', async () => {
    const { email } = await signedIn();
    const ip = freshIp();
    await withIdentityFrozen(async () => {
      for (let attempt = 1; attempt <= 5; attempt++) expect((await login(email, PASSWORD, ip)).status).toBe(503);
    });
    // Five silent answers in a row open identity's circuit: 503 until it tries identity again, then
    // the sign-in goes through, never refused with 429.
    const answered = await eventually(async () => {
      const res = await login(email, PASSWORD, ip);
      expect(res.status).not.toBe(429);
      return res.status !== 503 && res;
    }, gateway.config.circuitBreaker.halfOpenAfterMs + 2000);
    expect(answered.status).toBe(200);
  }, 40_000);

  it('limits registrations per address', async () => {
    const ip = freshIp();
    const register = (n: number) =>
      request(server)
        .post('/api/register')
        .set('X-Forwarded-For', ip)
        .send({ username: `bulk${n}-${ip}`, email: `bulk${n}.${ip}@example.com`, password: 'secret-1' });
    for (let n = 1; n <= gateway.config.rateLimits.registerPerIp.points; n++)
      expect((await register(n)).status).toBe(201);
    const blocked = await register(99);
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it("a stranger asking for someone's reset blocks only their own address: the owner elsewhere still gets one", async () => {
    const owner = 'reset-owner@example.com';
    await registered(owner, 'whatever-1');
    const ask = (email: string, ip: string) =>
      request(server).post('/api/forgot-password').set('X-Forwarded-For', ip).send({ email });
    const stranger = freshIp();
    for (let n = 1; n <= gateway.config.rateLimits.forgotPasswordPerEmailAndIp.points; n++) {
      expect((await ask(n % 2 ? owner : 'Reset-Owner@Example.com', stranger)).status).toBe(200);
    }
    expect((await ask(owner, stranger)).status).toBe(429);

    const asked = () => platform.requests.count(Subjects.identity.requestPasswordReset);
    const before = await asked();
    const fromHome = await ask(owner, freshIp());
    expect(fromHome.status).toBe(200);
    expect(fromHome.body).toEqual({ message: ServerMessages.resetLinkSent });
    expect(await asked()).toBe(before + 1);
    // The stranger's own address is still free for other emails (within its per-address budget).
    expect((await ask('someone-else@example.com', stranger)).status).toBe(200);
  });

  it('caps reset requests per email across addresses, far above what one address may send', async () => {
    const { forgotPasswordPerEmail: ceiling, forgotPasswordPerEmailAndIp: perAddress } = gateway.config.rateLimits;
    expect(ceiling.points).toBeGreaterThanOrEqual(perAddress.points * 5);
    const ask = (email: string) =>
      request(server).post('/api/forgot-password').set('X-Forwarded-For', freshIp()).send({ email });
    const answers = await Promise.all(Array.from({ length: ceiling.points }, () => ask('Spammed@Example.com')));
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
    expect((await ask('spammed@example.com')).status).toBe(429);
    expect((await ask('someone-else@example.com')).status).toBe(200);
  });
});

describe('when identity does not answer', () => {
  it('answers 503 within the RPC timeout', async () => {
    const { cookie } = await signedIn();
    await withIdentityFrozen(async () => {
      const started = Date.now();
      const res = await currentUser(cookie);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        statusCode: 503,
        code: ErrorCodes.serviceUnavailable,
        message: ServerMessages.serviceUnavailable,
      });
      expect(Date.now() - started).toBeLessThan(gateway.config.rpcTimeoutMs + 1000);
    });
    // The session survives an outage.
    expect((await currentUser(cookie)).status).toBe(200);
  });
});
