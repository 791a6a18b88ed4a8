import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  AdminPaymentDetailSchema,
  AdminPaymentsPageSchema,
  DemoCards,
  ErrorCodes,
  RefundMessages,
  RevenueByWeekDtoSchema,
} from '@medtutor/contracts';
import { type ServiceProcess, startTestNats, type TestDatabase, type TestNats } from '@medtutor/nest-kit/testing';
import request from 'supertest';
import { serviceDatabase, startBuiltService } from './support/real-services.js';
import { type GatewayUnderTest, sessionCookieFrom, startGatewayOn } from './support/test-gateway.js';

/**
 * The admin payment routes against the real identity and catalog-payments (their builds, on fresh
 * databases, one private NATS) with the demo provider, whose refunds are applied at once: what the
 * gateway sends is what the service accepts, and what it answers passes the gateway's contract check.
 * The money rules themselves are catalog-payments' own tests.
 */
const ADMIN = { email: 'admin@admin-payments.test', password: 'admin-pass-1' };

let nats: TestNats;
let databases: TestDatabase[] = [];
let services: ServiceProcess[] = [];
let gateway: GatewayUnderTest;
let server: Server;
let admin: string;
let ip = 0;

const fromIp = () => `203.0.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

beforeAll(async () => {
  nats = await startTestNats();
  const [identityDb, paymentsDb] = await Promise.all([
    serviceDatabase('identity', 'gw_admin_payments_identity'),
    serviceDatabase('catalog-payments', 'gw_admin_payments_payments'),
  ]);
  databases = [identityDb!, paymentsDb!];
  const mail = {
    MAIL_FROM: 'MedPath Tests <no-reply@medpath.test>',
    MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), 'gw-admin-payments-mail-')),
  };
  services = await Promise.all([
    startBuiltService('identity', nats.url, {
      ...mail,
      IDENTITY_DATABASE_URL: identityDb!.url,
      PUBLIC_BASE_URL: 'http://localhost:8080',
      SEED_ADMIN_EMAIL: ADMIN.email,
      SEED_ADMIN_PASSWORD: ADMIN.password,
    }),
    startBuiltService('catalog-payments', nats.url, {
      ...mail,
      PAYMENTS_DATABASE_URL: paymentsDb!.url,
      PAYMENTS_PROVIDER: 'demo',
    }),
  ]);
  gateway = await startGatewayOn(nats.url, { env: { TRUST_PROXY: 'true', RPC_TIMEOUT_MS: '5000' } });
  server = gateway.app.getHttpServer();
  const login = await request(server).post('/api/login').set('X-Forwarded-For', fromIp()).send(ADMIN);
  expect(login.status).toBe(200);
  admin = sessionCookieFrom(login) as string;
  // Two service processes start, migrate and seed: well beyond jest's default hook timeout.
}, 90_000);

afterAll(async () => {
  await gateway?.close();
  await Promise.all(services.map((service) => service.stop()));
  services = [];
  await nats?.stop();
  await Promise.all(databases.map((db) => db.drop()));
}, 30_000);

/** A new student who paid for 5 hours of interviews in GBP (£190.00) with the demo's good card. */
async function paidPayment(): Promise<{ paymentId: string; email: string }> {
  const email = `buyer${++ip}${Math.random().toString(36).slice(2, 8)}@example.com`;
  const registered = await request(server)
    .post('/api/register')
    .set('X-Forwarded-For', fromIp())
    .send({ username: email.split('@')[0], email, password: 'pass-word-1' });
  expect(registered.status).toBe(201);
  const cookie = sessionCookieFrom(registered) as string;
  const intent = await request(server)
    .post('/api/create-payment-intent')
    .set('Cookie', cookie)
    .send({ subject: 'Medical School Interviews', packageType: 'package5', currency: 'GBP' });
  expect(intent.status).toBe(200);
  const confirmed = await request(server).post('/api/payments/demo/confirm').set('Cookie', cookie).send({
    paymentId: intent.body.paymentId,
    clientSecret: intent.body.clientSecret,
    cardNumber: DemoCards.succeeds,
  });
  expect(confirmed.body).toMatchObject({ status: 'succeeded' });
  return { paymentId: intent.body.paymentId as string, email };
}

describe('the admin payment routes on the real catalog-payments', () => {
  it("finds a student's payment by email and status, and shows its detail", async () => {
    const { paymentId, email } = await paidPayment();

    const listed = await request(server)
      .get('/api/admin/payments')
      .query({ q: email.toUpperCase(), status: 'succeeded', currency: 'GBP', pageSize: 10 })
      .set('Cookie', admin);
    expect(listed.status).toBe(200);
    expect(AdminPaymentsPageSchema.parse(listed.body)).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        paymentId,
        studentEmail: email,
        amount: 19_000,
        formattedAmount: '£190.00',
        status: 'succeeded',
        refundedAmount: 0,
        refundableAmount: 19_000,
        provider: 'demo',
      }),
    ]);

    const shown = await request(server).get(`/api/admin/payments/${paymentId}`).set('Cookie', admin);
    expect(shown.status).toBe(200);
    expect(AdminPaymentDetailSchema.parse(shown.body)).toMatchObject({ paymentId, refunds: [], disputes: [] });
    const missing = await request(server).get(`/api/admin/payments/${crypto.randomUUID()}`).set('Cookie', admin);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(RefundMessages.paymentNotFound);
  });

  it('refunds in part, refuses more than is left, refunds the rest by default, then refuses another', async () => {
    const { paymentId } = await paidPayment();
    const refund = (body: object) =>
      request(server).post(`/api/admin/payments/${paymentId}/refund`).set('Cookie', admin).send(body);

    const part = await refund({ amount: 7_600, reason: 'Two sessions cancelled' });
    expect(part.status).toBe(200);
    expect(AdminPaymentDetailSchema.parse(part.body)).toMatchObject({
      status: 'partially_refunded',
      refundedAmount: 7_600,
      formattedRefundedAmount: '£76.00',
      refundableAmount: 11_400,
    });
    expect(part.body.refunds).toEqual([
      expect.objectContaining({ amount: 7_600, status: 'succeeded', reason: 'Two sessions cancelled' }),
    ]);

    const tooMuch = await refund({ amount: 11_401, reason: 'Too much' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe(RefundMessages.tooLarge('£114.00'));

    const rest = await refund({ reason: 'Course cancelled' });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ status: 'refunded', refundedAmount: 19_000, refundableAmount: 0 });
    expect(rest.body.refunds).toHaveLength(2);

    const again = await refund({ reason: 'Once more' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      statusCode: 409,
      code: ErrorCodes.refundNotAllowed,
      message: RefundMessages.nothingLeft,
    });

    const refunded = await request(server)
      .get('/api/admin/payments')
      .query({ q: paymentId, status: 'refunded' })
      .set('Cookie', admin);
    expect(refunded.body.items.map((item: { paymentId: string }) => item.paymentId)).toEqual([paymentId]);
  });

  it('answers the revenue in the new shape, net of refunds, as the gateway checks it', async () => {
    const { paymentId } = await paidPayment();
    const refunded = await request(server)
      .post(`/api/admin/payments/${paymentId}/refund`)
      .set('Cookie', admin)
      .send({ amount: 7_600, reason: 'Two sessions cancelled' });
    expect(refunded.status).toBe(200);

    const res = await request(server).get('/api/admin/revenue?weeks=1').set('Cookie', admin);

    expect(res.status).toBe(200);
    const revenue = RevenueByWeekDtoSchema.parse(res.body);
    const gbp = revenue.totals.find((total) => total.currency === 'GBP');
    expect(gbp?.grossMinor).toBeGreaterThanOrEqual(19_000);
    expect(gbp?.refundedMinor).toBeGreaterThanOrEqual(7_600);
    expect(gbp?.amountMinor).toBe((gbp?.grossMinor ?? 0) - (gbp?.refundedMinor ?? 0));
    expect(revenue.settledGbp.currency).toBe('GBP');
  });
});
