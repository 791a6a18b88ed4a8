import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  CatalogMessages,
  DemoCards,
  DiscountMessages,
  ErrorCodes,
  PaymentConflictsDtoSchema,
  PaymentMessages,
  ProviderWebhookLimits,
  RefundMessages,
  type Role,
  ServerMessages,
  Subjects,
} from '@medtutor/contracts';
import type { Server } from 'node:http';
import Stripe from 'stripe';
import request from 'supertest';
import { z } from 'zod';
import { type StripeStandIn, startStripeStandIn } from './support/outside-world.js';
import { sql } from '@medtutor/nest-kit/testing';
import { PLATFORM_START_MS, PLATFORM_STOP_MS, type RealPlatform, startRealPlatform } from './support/real-platform.js';

/**
 * The buyer's payment routes and Stripe's webhook through the gateway to the real catalog-payments:
 * the demo provider for the routes a buyer uses, and Stripe (a local stand-in for its API, the
 * outside party) for the webhook and a provider that is down.
 */
const SEED_CODE = 'GATEWAY30';
const WEBHOOK_SECRET = 'whsec_gateway_tests';
const PaymentSubjects = [
  Subjects.catalogPayments.createPaymentIntent,
  Subjects.catalogPayments.listPaymentConflicts,
  Subjects.catalogPayments.handleProviderWebhook,
];

let platform: RealPlatform;
let server: Server;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  platform = await startRealPlatform({
    label: 'payments',
    services: ['catalog-payments'],
    serviceEnv: { 'catalog-payments': { DISCOUNT_CODE_SEED_30: SEED_CODE } },
    watch: PaymentSubjects,
  });
  server = platform.server;
}, PLATFORM_START_MS);

afterAll(() => platform?.close(), PLATFORM_STOP_MS);

async function signedIn(role: Role = 'student'): Promise<{ cookie: string; userId: number; email: string }> {
  const { cookie, user } = await platform.signIn(role);
  return { cookie, userId: user.id, email: user.email };
}

const body = { subject: 'Medical School Interviews', packageType: 'package5', currency: 'GBP' };
const paymentRow = async (target: RealPlatform, paymentId: string) =>
  (
    await sql<{ status: string; amount_minor: number; buyer_email: string | null; discount_code: string | null }>(
      target.databases['catalog-payments']!,
      'SELECT status, amount_minor, buyer_email, discount_code FROM payments WHERE id = $1',
      [paymentId],
    )
  )[0];

describe('POST /api/create-payment-intent', () => {
  it('answers 401 to a visitor without asking catalog-payments', async () => {
    const before = await platform.requests.count(Subjects.catalogPayments.createPaymentIntent);
    const res = await request(server).post('/api/create-payment-intent').send(body);

    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: ErrorCodes.unauthenticated, message: ServerMessages.unauthenticated });
    expect(await platform.requests.count(Subjects.catalogPayments.createPaymentIntent)).toBe(before);
  });

  it("forwards the validated body with the buyer's actor and account email; a client amount is dropped", async () => {
    const { cookie, userId, email } = await signedIn();
    const res = await request(server)
      .post('/api/create-payment-intent')
      .set('Cookie', cookie)
      .send({ ...body, discountCode: '  ', amount: 1 });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ packageName: '5-Session Package', formattedPrice: '£190.00', amount: 19000 });
    const sent = await platform.requests.last(Subjects.catalogPayments.createPaymentIntent);
    expect(sent?.meta.actor).toEqual({ userId, role: 'student' });
    expect(sent?.data).toEqual({ ...body, buyer: { email, name: expect.any(String) } });
    expect(await paymentRow(platform, res.body.paymentId)).toEqual({
      status: 'pending',
      amount_minor: 19_000,
      buyer_email: email,
      discount_code: null,
    });
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

  it("answers the service's refusal of an unknown discount code with 400 and its one message", async () => {
    const { cookie } = await signedIn();
    const res = await request(server)
      .post('/api/create-payment-intent')
      .set('Cookie', cookie)
      .send({ ...body, discountCode: 'NOSUCHCODE' });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: ErrorCodes.discountCodeInvalid,
      message: DiscountMessages.codeInvalid,
    });
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
    expect(own.body).toMatchObject({ paymentId: created.body.paymentId, status: 'pending', amount: 19_000 });
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

  it('passes a demo confirmation with the card number cleaned up, and validates the card number first', async () => {
    const { cookie } = await signedIn();
    const created = await request(server).post('/api/create-payment-intent').set('Cookie', cookie).send(body);
    const confirm = {
      paymentId: created.body.paymentId as string,
      clientSecret: created.body.clientSecret as string,
      cardNumber: '4000 0000 0000 0002',
    };

    const bad = await request(server)
      .post('/api/payments/demo/confirm')
      .set('Cookie', cookie)
      .send({ ...confirm, cardNumber: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(PaymentMessages.demoCardUnknown);
    expect((await request(server).post('/api/payments/demo/confirm').send(confirm)).status).toBe(401);
    expect(await paymentRow(platform, confirm.paymentId)).toMatchObject({ status: 'pending' });

    const res = await request(server).post('/api/payments/demo/confirm').set('Cookie', cookie).send(confirm);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'failed', message: PaymentMessages.cardDeclined });
    expect(await paymentRow(platform, confirm.paymentId)).toMatchObject({ status: 'failed' });
  });
});

describe('GET /api/admin/payments/conflicts', () => {
  /**
   * The race the list exists for: a first checkout holds the single-use code, its hold runs out (the
   * sweeper's release, written directly rather than waited for), a second checkout takes the code and
   * pays, then the first buyer pays anyway.
   */
  async function conflict(): Promise<{ paymentId: string; email: string }> {
    const [late, early] = [await signedIn(), await signedIn()];
    const checkout = async (cookie: string) => {
      const intent = await request(server)
        .post('/api/create-payment-intent')
        .set('Cookie', cookie)
        .send({ ...body, discountCode: SEED_CODE });
      expect(intent.body).toMatchObject({ discountApplied: true, amount: 16_000 });
      return intent.body as { paymentId: string; clientSecret: string };
    };
    const pay = async (cookie: string, intent: { paymentId: string; clientSecret: string }) => {
      const confirmed = await request(server)
        .post('/api/payments/demo/confirm')
        .set('Cookie', cookie)
        .send({ paymentId: intent.paymentId, clientSecret: intent.clientSecret, cardNumber: DemoCards.succeeds });
      expect(confirmed.body).toMatchObject({ status: 'succeeded' });
    };
    const lateIntent = await checkout(late.cookie);
    await sql(
      platform.databases['catalog-payments']!,
      `UPDATE discount_codes SET status = 'available', reserved_by = NULL, reserved_for_payment_id = NULL,
         reserved_until = NULL WHERE code = $1`,
      [SEED_CODE],
    );
    await pay(early.cookie, await checkout(early.cookie));
    await pay(late.cookie, lateIntent);
    return { paymentId: lateIntent.paymentId, email: late.email };
  }

  it("asks catalog-payments as the admin and answers the service's conflicts in the contract's shape", async () => {
    const { paymentId, email } = await conflict();
    const { cookie, userId } = await signedIn('admin');

    const res = await request(server).get('/api/admin/payments/conflicts').set('Cookie', cookie);

    expect(res.status).toBe(200);
    expect(PaymentConflictsDtoSchema.parse(res.body)).toMatchObject({ total: 1 });
    expect(res.body.conflicts).toEqual([
      expect.objectContaining({ paymentId, buyerEmail: email, discountCode: SEED_CODE, amount: 16_000 }),
    ]);
    expect((await platform.requests.last(Subjects.catalogPayments.listPaymentConflicts))?.meta.actor).toEqual({
      userId,
      role: 'admin',
    });
  });

  it('answers 401 to a visitor and 403 to a student or tutor, without asking the service', async () => {
    const before = await platform.requests.count(Subjects.catalogPayments.listPaymentConflicts);

    expect((await request(server).get('/api/admin/payments/conflicts')).status).toBe(401);
    for (const role of ['student', 'tutor'] as const) {
      const res = await request(server)
        .get('/api/admin/payments/conflicts')
        .set('Cookie', (await signedIn(role)).cookie);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(ErrorCodes.forbidden);
    }
    expect(await platform.requests.count(Subjects.catalogPayments.listPaymentConflicts)).toBe(before);
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

describe('with Stripe: POST /api/stripe/webhook, its refusals and a provider that is down', () => {
  let stripeApi: StripeStandIn;
  let withStripe: RealPlatform;

  beforeAll(async () => {
    stripeApi = await startStripeStandIn();
    withStripe = await startRealPlatform({
      label: 'payments_stripe',
      services: ['catalog-payments'],
      serviceEnv: {
        'catalog-payments': {
          PAYMENTS_PROVIDER: 'stripe',
          STRIPE_SECRET_KEY: 'sk_test_gateway_tests',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_gateway_tests',
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_API_BASE: stripeApi.url,
        },
      },
      watch: PaymentSubjects,
    });
  }, PLATFORM_START_MS);

  afterAll(async () => {
    await withStripe?.close();
    await stripeApi?.close();
  }, PLATFORM_STOP_MS);

  /** A pending Stripe payment of a new student's, and Stripe's event that it succeeded, in bytes a parse would change. */
  async function pendingPayment(): Promise<{ paymentId: string; payload: string }> {
    const { cookie } = await withStripe.signIn('student');
    const intent = await request(withStripe.server).post('/api/create-payment-intent').set('Cookie', cookie).send(body);
    expect(intent.status).toBe(200);
    const [providerId] = [...stripeApi.intents.keys()].slice(-1);
    const created = Math.floor(Date.now() / 1000);
    // Spacing, key order and non-ASCII text that a JSON parse-and-serialise would change.
    const payload = `{\n  "id": "evt_${providerId}",  "object":"event", "type": "payment_intent.succeeded", "created": ${created}, "livemode": false,\n  "data": {"object": {"id": "${providerId}", "object": "payment_intent", "amount": 19000, "currency": "gbp", "livemode": false, "metadata": {}, "description": "Café £ ✓"}}\n}`;
    return { paymentId: intent.body.paymentId as string, payload };
  }
  const webhook = (payload: string, signature?: string) => {
    const call = request(withStripe.server).post('/api/stripe/webhook').set('Content-Type', 'application/json');
    return (signature ? call.set('Stripe-Signature', signature) : call).send(payload);
  };

  it('passes the exact raw body and signature from a cross-site server, with no session and no cookie', async () => {
    const { paymentId, payload } = await pendingPayment();
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });

    const res = await request(withStripe.server)
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json; charset=utf-8')
      .set('Origin', 'https://stripe.com')
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Stripe-Signature', signature)
      .send(payload);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    expect(res.headers['set-cookie']).toBeUndefined();
    const sent = await withStripe.requests.last(Subjects.catalogPayments.handleProviderWebhook);
    // The exact bytes, base64: a size known in advance, whatever the bytes (issue 24).
    expect(sent?.data).toEqual({ rawBodyBase64: Buffer.from(payload, 'utf8').toString('base64'), signature });
    expect(Buffer.from((sent?.data as { rawBodyBase64: string }).rawBodyBase64, 'base64').toString('utf8')).toBe(
      payload,
    );
    expect(sent?.meta.actor).toBeNull();
    // The service verified those bytes and applied the event.
    expect(await paymentRow(withStripe, paymentId)).toMatchObject({ status: 'succeeded' });
  });

  it('answers 400 with the message when the signature does not hold, and the payment stays pending', async () => {
    const { paymentId, payload } = await pendingPayment();
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });

    const res = await webhook(payload, signature);

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: ErrorCodes.webhookSignatureInvalid,
      message: PaymentMessages.webhookSignatureInvalid,
    });
    expect(await paymentRow(withStripe, paymentId)).toMatchObject({ status: 'pending' });
  });

  it('answers 400 without asking the service when the signature header is missing', async () => {
    const { payload } = await pendingPayment();
    const before = await withStripe.requests.count(Subjects.catalogPayments.handleProviderWebhook);

    const res = await webhook(payload);

    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ErrorCodes.webhookSignatureInvalid);
    expect(await withStripe.requests.count(Subjects.catalogPayments.handleProviderWebhook)).toBe(before);
  });

  // Issue 24: 512 kB of bytes that JSON-escape sixfold (control characters, quotes) crossed NATS as a
  // JSON string past its 1 MB payload limit and answered 500.
  it('answers 4xx, never 500, to a body of bytes that escape badly, and 413 beyond 256 KiB without asking the service', async () => {
    const escaping = Buffer.alloc(ProviderWebhookLimits.maxBodyBytes);
    for (let i = 0; i < escaping.length; i++) escaping[i] = i % 3 === 0 ? 0x22 : i % 31; // '"' and control bytes
    for (const bytes of [escaping, Buffer.from(escaping.toString('latin1').replaceAll('"', '\x01'), 'latin1')]) {
      const payload = bytes.toString('latin1');
      const signed = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      for (const signature of [signed, 't=1,v1=00']) {
        const res = await request(withStripe.server)
          .post('/api/stripe/webhook')
          .set('Content-Type', 'application/json')
          .set('Stripe-Signature', signature)
          .send(payload); // ASCII only: the string goes out as these very bytes
        expect({ status: res.status, code: res.body.code }).toEqual({
          status: 400,
          code: ErrorCodes.webhookSignatureInvalid,
        });
      }
    }

    const before = await withStripe.requests.count(Subjects.catalogPayments.handleProviderWebhook);
    const tooLarge = await request(withStripe.server)
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', 't=1,v1=00')
      .send('"'.repeat(ProviderWebhookLimits.maxBodyBytes + 1));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({
      statusCode: 413,
      code: ErrorCodes.payloadTooLarge,
      message: ServerMessages.payloadTooLarge,
    });
    expect(await withStripe.requests.count(Subjects.catalogPayments.handleProviderWebhook)).toBe(before);
  });

  /** A Stripe event, signed as Stripe signs it, delivered through the gateway. */
  async function deliver(type: string, object: Record<string, unknown>): Promise<void> {
    const payload = JSON.stringify({
      id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    const res = await webhook(payload, signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
    expect(res.status).toBe(200);
  }

  /** A Stripe payment of a new student's, paid as Stripe's webhook reports it. */
  async function paidWithStripe(): Promise<{ paymentId: string; providerId: string }> {
    const { paymentId, payload } = await pendingPayment();
    const providerId = (JSON.parse(payload) as { data: { object: { id: string } } }).data.object.id;
    expect(
      (await webhook(payload, signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))).status,
    ).toBe(200);
    expect(await paymentRow(withStripe, paymentId)).toMatchObject({ status: 'succeeded' });
    return { paymentId, providerId };
  }

  it("answers an admin's refund with 409 while Stripe reports a dispute open, and 502 when Stripe refuses it", async () => {
    const admin = (await withStripe.signIn('admin')).cookie;
    const refund = (paymentId: string) =>
      request(withStripe.server)
        .post(`/api/admin/payments/${paymentId}/refund`)
        .set('Cookie', admin)
        .send({ reason: 'Course cancelled' });

    const disputed = await paidWithStripe();
    await deliver('charge.dispute.created', {
      id: `dp_${disputed.providerId}`,
      object: 'dispute',
      charge: `ch_${disputed.providerId}`,
      payment_intent: disputed.providerId,
      amount: 19_000,
      currency: 'gbp',
      reason: 'fraudulent',
      status: 'needs_response',
      created: Math.floor(Date.now() / 1000),
    });
    const held = await refund(disputed.paymentId);
    expect(held.status).toBe(409);
    expect(held.body).toEqual({
      statusCode: 409,
      code: ErrorCodes.refundNotAllowed,
      message: RefundMessages.disputeOpen,
    });

    // The stand-in knows no refunds: Stripe's API answers the refund with an error.
    const { paymentId } = await paidWithStripe();
    const refused = await refund(paymentId);
    expect(refused.status).toBe(502);
    expect(refused.body).toEqual({
      statusCode: 502,
      code: ErrorCodes.paymentProviderUnavailable,
      message: RefundMessages.providerRefused,
    });
    const refunds = await sql<{ status: string }>(
      withStripe.databases['catalog-payments']!,
      'SELECT status FROM refunds WHERE payment_id = $1',
      [paymentId],
    );
    expect(refunds).toEqual([{ status: 'failed' }]);
  });

  // Last: Stripe's API stays down.
  it("answers 502 with the service's message when Stripe cannot be reached", async () => {
    const { cookie } = await withStripe.signIn('student');
    await stripeApi.close();

    const res = await request(withStripe.server).post('/api/create-payment-intent').set('Cookie', cookie).send(body);

    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      statusCode: 502,
      code: ErrorCodes.paymentProviderUnavailable,
      message: PaymentMessages.providerUnavailable,
    });
  });
});
