import { ErrorCodes, ServerMessages, UserDtoSchema } from '@medtutor/contracts';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { resetLinkPath, waitForMail } from '../support/mail-outbox';
import { seedAdmin as admin } from '../support/accounts';

/**
 * The account API of the whole system as `npm start` runs it: gateway, real identity service,
 * PostgreSQL, Redis and NATS. Each test's `request` fixture keeps its own cookies, like a browser, and
 * each test that needs an account registers its own, so the tests run in any order and in parallel.
 */

const login = (request: APIRequestContext, email: string, password: string) =>
  request.post('/api/login', { data: { email, password } });

/** A new student account, registered (and so signed in) through `request`. */
async function registerAccount(request: APIRequestContext) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const account = {
    username: `api${stamp}`,
    email: `api-${stamp}@example.com`,
    password: 'api-first-secret-1',
    newPassword: 'api-second-secret-2',
    firstName: 'Grace',
  };
  const register = await request.post('/api/register', {
    data: {
      username: account.username,
      email: account.email,
      password: account.password,
      firstName: account.firstName,
    },
  });
  expect(register.status()).toBe(201);
  return { account, registered: UserDtoSchema.parse(await register.json()) };
}

// The gateway's readiness is its own NATS connection: neither one service's outage nor Redis's takes
// the site down (without Redis, public pages and reads still answer: ADR 0080).
test('the gateway is ready: NATS answers', async ({ request }) => {
  const res = await request.get('/readyz');
  expect(res.status()).toBe(200);
  const report = (await res.json()) as { status: string; checks: Record<string, string> };
  expect(report).toMatchObject({ status: 'ok', checks: { nats: 'ok' } });
  expect(report.checks).not.toHaveProperty('identity');
  expect(report.checks).not.toHaveProperty('redis');
});

test('register, read the session, log out, and log back in', async ({ request }) => {
  const { account, registered } = await registerAccount(request);
  expect(registered).toMatchObject({
    username: account.username,
    email: account.email,
    firstName: account.firstName,
    role: 'student',
    isAdmin: false,
  });

  const me = await request.get('/api/user');
  expect(me.status()).toBe(200);
  expect(await me.json()).toEqual(registered);

  const logout = await request.post('/api/logout');
  expect(logout.status()).toBe(200);
  expect(await logout.json()).toEqual({ message: ServerMessages.loggedOut });

  const signedOut = await request.get('/api/user');
  expect(signedOut.status()).toBe(401);
  expect(await signedOut.json()).toEqual({
    statusCode: 401,
    code: ErrorCodes.unauthenticated,
    message: ServerMessages.unauthenticated,
  });

  const back = await login(request, account.email, account.password);
  expect(back.status()).toBe(200);
  expect(await back.json()).toEqual(registered);
  expect((await request.get('/api/user')).status()).toBe(200);
});

test('the seeded admin signs in as an admin', async ({ request }) => {
  const res = await login(request, admin.email, admin.password);
  expect(res.status()).toBe(200);
  const me = await request.get('/api/user');
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: admin.email, role: 'admin', isAdmin: true });
});

test('a wrong password and an unknown email get identical answers', async ({ request, playwright, baseURL }) => {
  const { account } = await registerAccount(request);
  // Tried from a client without the new account's session, as a stranger would.
  const stranger = await playwright.request.newContext({ baseURL });
  try {
    const wrongPassword = await login(stranger, account.email, 'not-the-password-1');
    const unknownEmail = await login(stranger, `nobody-${Date.now()}@example.com`, 'not-the-password-1');
    expect(wrongPassword.status()).toBe(401);
    expect(unknownEmail.status()).toBe(401);
    expect(await unknownEmail.json()).toEqual(await wrongPassword.json());
    expect(await wrongPassword.json()).toEqual({
      statusCode: 401,
      code: ErrorCodes.invalidCredentials,
      message: ServerMessages.invalidCredentials,
    });
  } finally {
    await stranger.dispose();
  }
});

test('login latency stays interactive', async ({ request }) => {
  const { account } = await registerAccount(request);
  const timings: number[] = [];
  for (let attempt = 0; attempt < 20; attempt++) {
    const started = performance.now();
    const res = await login(request, account.email, account.password);
    timings.push(performance.now() - started);
    expect(res.status()).toBe(200);
  }
  timings.sort((a, b) => a - b);
  const percentile = (p: number) =>
    Math.round(timings[Math.min(timings.length - 1, Math.floor(p * timings.length))] ?? 0);
  const summary = `p50 ${percentile(0.5)} ms, p95 ${percentile(0.95)} ms, max ${percentile(1)} ms over ${timings.length} logins`;
  test.info().annotations.push({ type: 'login latency', description: summary });
  console.log(`login latency: ${summary}`);
  // Password hashing (argon2id) dominates; a second per login would be felt by users.
  expect(percentile(0.5)).toBeLessThan(1000);
});

test('a password reset ends every session of the user', async ({ request, playwright, baseURL }) => {
  const { account, registered } = await registerAccount(request);
  const otherDevice = await playwright.request.newContext({ baseURL });
  try {
    expect((await login(request, account.email, account.password)).status()).toBe(200);
    expect((await login(otherDevice, account.email, account.password)).status()).toBe(200);

    const asked = new Date();
    const forgot = await request.post('/api/forgot-password', { data: { email: account.email } });
    expect(forgot.status()).toBe(200);
    expect(await forgot.json()).toEqual({ message: ServerMessages.resetLinkSent });
    const token = new URLSearchParams(resetLinkPath(await waitForMail(account.email, asked)).split('?')[1]).get(
      'token',
    );
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url

    const reset = await request.post('/api/reset-password', {
      data: { token, password: account.newPassword, confirmPassword: account.newPassword },
    });
    expect(reset.status()).toBe(200);
    expect((await request.get('/api/user')).status()).toBe(401);
    expect((await otherDevice.get('/api/user')).status()).toBe(401);

    expect((await login(request, account.email, account.password)).status()).toBe(401);
    const withNewPassword = await login(request, account.email, account.newPassword);
    expect(withNewPassword.status()).toBe(200);
    expect(await withNewPassword.json()).toEqual(registered);
  } finally {
    await otherDevice.dispose();
  }
});
