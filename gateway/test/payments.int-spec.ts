import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  CatalogMessages,
  DiscountMessages,
  ErrorCodes,
  Fixtures,
  type PaymentConflictsDto,
  PaymentConflictsDtoSchema,
  PaymentMessages,
  type Role,
  type RpcMeta,
  ServerMessages,
  Subjects,
} from '@medtutor/contracts';
import { DomainError, parseRequest, RpcErrorFilter } from '@medtutor/nest-kit';
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, type MicroserviceOptions, Payload, Transport } from '@nestjs/microservices';
import type { Server } from 'node:http';
import { pino } from 'pino';
import Stripe from 'stripe';
import request from 'supertest';
import { z } from 'zod';
import { FAKE_WEBHOOK_SECRET, type FakePayments, startFakePayments } from './support/fake-payments.js';
import { signIn, startTestGateway, type TestGateway } from './support/test-gateway.js';

let gateway: TestGateway;
let server: Server;
let payments: { fake: FakePayments; stop: () => Promise<void> };
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  gateway = await startTestGateway({ env: { TRUST_PROXY: 'true' } });
  server = gateway.app.getHttpServer();
  payments = await startFakePayments(gateway.config.natsUrl);
});

afterAll(async () => {
  await payments?.stop();
  await gateway?.close();
});

async function signedIn(role: Role = 'student'): Promise<{ cookie: string; userId: number; email: string }> {
  const { cookie, user } = await signIn(gateway, role);
  return { cookie, userId: user.id, email: user.email };
}

const body = { subject: 'Medical School Interviews', packageType: 'package5', currency: 'GBP' };

describe('POST /api/create-payment-intent', () => {
  it('answers 401 to a visitor without asking catalog-payments', async () => {
    const before = payments.fake.received.length;
    const res = await request(server).post('/api/create-payment-intent').send(body);

    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: ErrorCodes.unauthenticated, message: ServerMessages.unauthenticated });
    expect(payments.fake.received).toHaveLength(before);
  });

  it("forwards the validated body with the buyer's actor and account email; a client amount is dropped", async () => {
    const { cookie, userId, email } = await signedIn();
    const res = await request(server)
      .post('/api/create-payment-intent')
      .set('Cookie', cookie)
      .send({ ...body, discountCode: '  ', amount: 1 });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ packageName: '5-Session Package', formattedPrice: '£190.00', amount: 19000 });
    const sent = payments.fake.lastRequest(Subjects.catalogPayments.createPaymentIntent);
    expect(sent?.meta.actor).toEqual({ userId, role: 'student' });
    expect(sent?.data).toEqual({ ...body, buyer: { email, name: expect.any(String) } });
  });

  it("answers 400 with the spec's message for an unknown currency", async () => {
    const { cookie } = await signedIn();
    const res = await request(server)
      .post('/api/create-payment-intent')
      .set('Cookie', cookie)
      .send({ ...body, currency: 'SEK' });

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: ErrorCodes.validationFailed, message: CatalogMessages.currencyInvalid });
  });

  it("maps the service's errors: any refused code 400 with the one message, provider down 502", async () => {
    const { cookie } = await signedIn();
    const cases = [
      [new DomainError(ErrorCodes.discountCodeInvalid, DiscountMessages.codeInvalid), 400],
      [new DomainError(ErrorCodes.paymentProviderUnavailable, PaymentMessages.providerUnavailable), 502],
    ] as const;
    for (const [error, status] of cases) {
      payments.fake.failWith = error;
      try {
        const res = await request(server).post('/api/create-payment-intent').set('Cookie', cookie).send(body);
        expect(res.status).toBe(status);
        expect(res.body).toEqual({ statusCode: status, code: error.code, message: error.message });
      } finally {
        payments.fake.failWith = null;
      }
    }
  });

  it('refuses a cross-site browser POST (the webhook exemption is for the webhook only)', async () => {
    const { cookie } = await signedIn();
    const res = await request(server)
      .post('/api/create-payment-intent')
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example')
      .send(body);

    expect(res.status).toBe(403);
  });
});

describe('GET /api/payments/:paymentId and POST /api/payments/demo/confirm', () => {
  it("serves the buyer's payment, 404 for another user's or a malformed id, 401 for a visitor", async () => {
    const buyer = await signedIn();
    const created = await request(server).post('/api/create-payment-intent').set('Cookie', buyer.cookie).send(body);
    const path = `/api/payments/${created.body.paymentId as string}`;

    const own = await request(server).get(path).set('Cookie', buyer.cookie);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ paymentId: created.body.paymentId, status: 'pending' });
    expect(
      (
        await request(server)
          .get(path)
          .set('Cookie', (await signedIn()).cookie)
      ).status,
    ).toBe(404);
    expect((await request(server).get('/api/payments/not-a-uuid').set('Cookie', buyer.cookie)).status).toBe(404);
    expect((await request(server).get(path)).status).toBe(401);
  });

  it('forwards a demo confirmation and validates the card number first', async () => {
    const { cookie } = await signedIn();
    const confirm = { paymentId: crypto.randomUUID(), clientSecret: 'demo_secret', cardNumber: '4000 0000 0000 0002' };

    const res = await request(server).post('/api/payments/demo/confirm').set('Cookie', cookie).send(confirm);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'failed', message: PaymentMessages.cardDeclined });
    expect(payments.fake.lastRequest(Subjects.catalogPayments.confirmDemoPayment)?.data).toMatchObject({
      cardNumber: '4000000000000002',
    });

    const bad = await request(server)
      .post('/api/payments/demo/confirm')
      .set('Cookie', cookie)
      .send({ ...confirm, cardNumber: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(PaymentMessages.demoCardUnknown);
    expect((await request(server).post('/api/payments/demo/confirm').send(confirm)).status).toBe(401);
  });
});

describe('GET /api/admin/payments/conflicts', () => {
  const conflicts = Fixtures.paymentConflicts;
  let conflictsService: { received: RpcMeta[]; stop: () => Promise<void> };

  beforeAll(async () => {
    conflictsService = await startConflictsResponder(gateway.config.natsUrl, conflicts);
  });
  afterAll(() => conflictsService?.stop());

  it("asks catalog-payments as the admin and answers the contract's list", async () => {
    const { cookie, userId } = await signedIn('admin');

    const res = await request(server).get('/api/admin/payments/conflicts').set('Cookie', cookie);

    expect(res.status).toBe(200);
    expect(res.body).toEqual(conflicts);
    expect(conflictsService.received.at(-1)?.actor).toEqual({ userId, role: 'admin' });
  });

  it('answers 401 to a visitor and 403 to a student or tutor, without asking the service', async () => {
    const before = conflictsService.received.length;

    expect((await request(server).get('/api/admin/payments/conflicts')).status).toBe(401);
    for (const role of ['student', 'tutor'] as const) {
      const res = await request(server)
        .get('/api/admin/payments/conflicts')
        .set('Cookie', (await signedIn(role)).cookie);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(ErrorCodes.forbidden);
    }
    expect(conflictsService.received).toHaveLength(before);
  });

  it('is documented as an admin operation with the reply schema from the contract', async () => {
    const res = await request(server).get('/api/docs/openapi.json');

    const operation = res.body.paths['/api/admin/payments/conflicts']?.get;
    expect(operation?.tags).toEqual(['admin']);
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '403']));
    expect(operation?.responses?.['200']?.content?.['application/json']?.schema).toEqual(
      z.toJSONSchema(PaymentConflictsDtoSchema, { target: 'openapi-3.0' }),
    );
  });
});

describe('POST /api/stripe/webhook', () => {
  // Spacing, key order and non-ASCII text that a JSON parse-and-serialise would change.
  const payload =
    '{\n  "id": "evt_gateway_1",  "object":"event", "type": "payment_intent.succeeded",\n  "data": {"object": {"id": "pi_1", "description": "Café £ ✓"}}\n}';

  it('passes the exact raw body and signature from a cross-site server, with no session and no cookie', async () => {
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: FAKE_WEBHOOK_SECRET });

    const res = await request(server)
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json; charset=utf-8')
      .set('Origin', 'https://stripe.com')
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Stripe-Signature', signature)
      .send(payload);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    expect(res.headers['set-cookie']).toBeUndefined();
    const sent = payments.fake.lastRequest(Subjects.catalogPayments.handleProviderWebhook);
    expect(sent?.data).toEqual({ rawBody: payload, signature });
    expect(sent?.meta.actor).toBeNull();
  });

  it('answers 400 with the message when the signature does not hold', async () => {
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });

    const res = await request(server)
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(payload);

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: ErrorCodes.webhookSignatureInvalid,
      message: PaymentMessages.webhookSignatureInvalid,
    });
  });

  it('answers 400 without asking the service when the signature header is missing', async () => {
    const before = payments.fake.received.length;
    const res = await request(server).post('/api/stripe/webhook').set('Content-Type', 'application/json').send(payload);

    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ErrorCodes.webhookSignatureInvalid);
    expect(payments.fake.received).toHaveLength(before);
  });
});

/** catalog-payments' list_payment_conflicts subject alone, answering `reply` and recording each caller's meta. */
async function startConflictsResponder(natsUrl: string, reply: PaymentConflictsDto) {
  const received: RpcMeta[] = [];
  @Controller()
  class ConflictsController {
    @MessagePattern(Subjects.catalogPayments.listPaymentConflicts)
    list(@Payload() payload: unknown): PaymentConflictsDto {
      received.push(parseRequest(z.object({}), payload).meta);
      return reply;
    }
  }
  @Module({ controllers: [ConflictsController] })
  class ConflictsModule {}
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(ConflictsModule, {
    transport: Transport.NATS,
    options: { servers: [natsUrl], queue: 'fake-payment-conflicts' },
    logger: false,
  });
  app.useGlobalFilters(new RpcErrorFilter(pino({ level: 'silent' })));
  await app.listen();
  return { received, stop: () => app.close() };
}
