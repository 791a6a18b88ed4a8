import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  eventually,
  type ServiceProcess,
  startTestNats,
  type TestDatabase,
  type TestNats,
} from '@medtutor/nest-kit/testing';
import request from 'supertest';
import { type CapturedGateway, startCapturedGateway } from './support/captured-gateway.js';
import { type MailSink, type StripeStandIn, startMailSink, startStripeStandIn } from './support/outside-world.js';
import { serviceDatabase, startBuiltService } from './support/real-services.js';
import { sessionCookieFrom } from './support/test-gateway.js';

/**
 * The reset, tutor-invitation and checkout flows through the real gateway, identity, tutoring and
 * catalog-payments (Stripe provider against a stand-in), every process logging at its most verbose:
 * the reset token, the invitation token and the Stripe client secret never appear in any output,
 * nor does personal data: what an admin searched for, or the seeded admin's email.
 * Mail goes over SMTP, as in production; the local mail folder prints its links on purpose.
 */
let nats: TestNats;
let databases: TestDatabase[] = [];
let services: { name: string; process: ServiceProcess }[] = [];
let gateway: CapturedGateway;
let server: Server;
let mail: MailSink;
let stripe: StripeStandIn;
let ip = 0;

const password = 'pass-word-1';
const newPassword = 'pass-word-2';
const secrets: Record<string, string> = {};
const ADMIN_EMAIL = 'seeded.admin@example.com';
/** Personal data that reaches the gateway in URLs or the services in configuration, never a log. */
const personal: Record<string, string> = { seededAdminEmail: ADMIN_EMAIL };
/** Each process's output after every step: a service keeps only its latest output in memory. */
const outputs: { name: string; text: string }[] = [];
const snapshot = () => {
  for (const { name, process } of services) outputs.push({ name, text: process.output() });
};

const fromIp = () => `198.51.100.${(ip += 1)}`;

async function linkTokenFor(address: string): Promise<string> {
  return eventually(
    async () =>
      mail.messages
        .filter((message) => message.includes(address))
        .map((message) => /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(message)?.[1])
        .find(Boolean),
    15_000,
    `the mail to ${address}`,
  );
}

async function login(email: string, secret = password): Promise<string> {
  const res = await request(server)
    .post('/api/login')
    .set('X-Forwarded-For', fromIp())
    .send({ email, password: secret });
  expect(res.status).toBe(200);
  return sessionCookieFrom(res) as string;
}

beforeAll(async () => {
  nats = await startTestNats();
  [mail, stripe] = await Promise.all([startMailSink(), startStripeStandIn()]);
  const [identityDb, tutoringDb, paymentsDb] = await Promise.all([
    serviceDatabase('identity', 'gw_logs_identity'),
    serviceDatabase('tutoring', 'gw_logs_tutoring'),
    serviceDatabase('catalog-payments', 'gw_logs_payments'),
  ]);
  databases = [identityDb, tutoringDb, paymentsDb];
  const common = { LOG_LEVEL: 'trace', SMTP_URL: mail.url, MAIL_FROM: 'MedPath Tests <no-reply@medpath.test>' };
  const start = async (name: 'identity' | 'tutoring' | 'catalog-payments', env: Record<string, string>) => {
    services.push({ name, process: await startBuiltService(name, nats.url, { ...common, ...env }) });
  };
  await Promise.all([
    start('identity', {
      IDENTITY_DATABASE_URL: identityDb.url,
      PUBLIC_BASE_URL: 'http://localhost:8080',
      SEED_ADMIN_EMAIL: ADMIN_EMAIL,
      SEED_ADMIN_PASSWORD: password,
    }),
    start('tutoring', { TUTORING_DATABASE_URL: tutoringDb.url, SUPPORT_EMAIL: 'team@medpath.test' }),
    start('catalog-payments', {
      PAYMENTS_DATABASE_URL: paymentsDb.url,
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_gatewaylogs',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_gatewaylogs',
      STRIPE_WEBHOOK_SECRET: 'whsec_gatewaylogs',
      STRIPE_API_BASE: stripe.url,
    }),
  ]);
  gateway = await startCapturedGateway(nats.url);
  server = gateway.app.getHttpServer();
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await Promise.all(services.map(({ process }) => process.stop()));
  services = [];
  await nats?.stop();
  await Promise.all(databases.map((db) => db.drop()));
  await Promise.all([mail?.close(), stripe?.close()]);
}, 30_000);

describe('secrets in the flows that carry them', () => {
  it('a password reset: the emailed link is followed and used', async () => {
    const registered = await request(server)
      .post('/api/register')
      .set('X-Forwarded-For', fromIp())
      .send({ username: 'sam', email: 'sam@example.com', password, dateOfBirth: '1990-01-01' });
    expect(registered.status).toBe(201);
    expect((await request(server).post('/api/forgot-password').send({ email: 'sam@example.com' })).status).toBe(200);
    const token = await linkTokenFor('sam@example.com');
    secrets.resetToken = token;
    // The browser opens the link (no frontend build here: the gateway still logs the request).
    await request(server).get(`/reset-password?token=${token}`);
    const reset = await request(server)
      .post('/api/reset-password')
      .send({ token, password: newPassword, confirmPassword: newPassword });
    expect(reset.status).toBe(200);
    // Used again: refused, and the failure is logged too.
    const again = await request(server)
      .post('/api/reset-password')
      .send({ token, password: newPassword, confirmPassword: newPassword });
    expect(again.status).toBe(400);
    snapshot();
  });

  it('a tutor invitation: the admin invites, the tutor sets a password from the link', async () => {
    const admin = await login(ADMIN_EMAIL);
    const tutor = await request(server)
      .post('/api/admin/tutors')
      .set('Cookie', admin)
      .send({ name: 'Dr Ada', specialty: 'Interviews', calendarLink: 'https://cal.example/ada' });
    expect(tutor.status).toBe(201);
    const invited = await request(server)
      .post('/api/admin/tutor-accounts')
      .set('Cookie', admin)
      .send({ tutorId: tutor.body.id, email: 'ada@example.com', firstName: 'Ada', lastName: 'Tutor' });
    expect(invited.status).toBe(201);
    const token = await linkTokenFor('ada@example.com');
    secrets.invitationToken = token;
    await request(server).get(`/reset-password?token=${token}`);
    const set = await request(server).post('/api/reset-password').send({ token, password, confirmPassword: password });
    expect(set.status).toBe(200);
    snapshot();
  });

  it('a checkout: the client secret is handed to the browser and comes back on the return URL', async () => {
    const student = await login('sam@example.com', newPassword);
    const intent = await request(server)
      .post('/api/create-payment-intent')
      .set('Cookie', student)
      .send({ subject: 'Medical School Interviews', packageType: 'package5' });
    expect(intent.status).toBe(200);
    const { clientSecret, paymentId } = intent.body as { clientSecret: string; paymentId: string };
    expect(clientSecret).toMatch(/^pi_[a-f0-9]+_secret_[a-f0-9]+$/);
    secrets.clientSecret = clientSecret;
    const intentId = clientSecret.split('_secret_')[0];
    // Stripe.js sends the buyer back with both in the query string.
    await request(server).get(
      `/checkout/complete?payment_intent=${intentId}&payment_intent_client_secret=${clientSecret}&redirect_status=succeeded`,
    );
    await request(server)
      .get(`/api/payments/${paymentId}?payment_intent_client_secret=${clientSecret}`)
      .set('Cookie', student);
    snapshot();
  });
});

describe('personal data in URLs', () => {
  it("an admin searches payments by a student's email and by a name", async () => {
    const admin = await login(ADMIN_EMAIL);
    personal.searchedEmail = 'sam@example.com';
    personal.searchedName = 'Samantha Quillfeather';
    for (const search of [personal.searchedEmail, personal.searchedName]) {
      const res = await request(server)
        .get('/api/admin/payments')
        .query({ search, status: 'succeeded' })
        .set('Cookie', admin);
      expect(res.status).toBe(200);
    }
    snapshot();
  });
});

describe('every process output', () => {
  it('holds none of the secrets nor the personal data, while it did log these requests', () => {
    expect(Object.keys(secrets).sort()).toEqual(['clientSecret', 'invitationToken', 'resetToken']);
    expect(Object.keys(personal).sort()).toEqual(['searchedEmail', 'searchedName', 'seededAdminEmail']);
    const gatewayLogs = gateway.logs();
    // The requests are there, their secrets are not.
    expect(gatewayLogs).toContain('/reset-password?token=[redacted]');
    expect(gatewayLogs).toContain('payment_intent_client_secret=[redacted]');
    expect(gatewayLogs).toContain('/api/admin/payments?search=[redacted]&status=[redacted]');
    expect(outputs.length).toBe(services.length * 4);
    for (const [name, text] of [['gateway', gatewayLogs], ...outputs.map((o) => [o.name, o.text])] as const) {
      for (const [secret, value] of [...Object.entries(secrets), ...Object.entries(personal)]) {
        expect({ process: name, secret, found: text.includes(value) }).toEqual({ process: name, secret, found: false });
      }
    }
  });
});
