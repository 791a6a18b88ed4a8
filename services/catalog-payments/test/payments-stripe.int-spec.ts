import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  type Actor,
  CatalogMessages,
  DiscountMessages,
  ErrorCodes,
  PaymentConflictsDtoSchema,
  PaymentDtoSchema,
  type PaymentIntentDto,
  PaymentIntentDtoSchema,
  PaymentMessages,
  poundsToMinor,
  Subjects,
} from '@medtutor/contracts';
import { secretSafeLoggerOptions } from '@medtutor/nest-kit';
import { pino } from 'pino';
import Stripe from 'stripe';
import { PaymentSweeper } from '../src/modules/payments/payment-sweeper.js';
import { PaymentsHarness, SEED_30, startPaymentsService, webhookRequest } from './support/payments-harness.js';
import { paymentIntentEvent, StripeStandIn, stripeAt } from './support/stripe-stand-in.js';

// The service boots on a fresh database; under a loaded machine that outlasts Jest's 5 s default.
jest.setTimeout(60_000);

const WEBHOOK_SECRET = 'whsec_test_medtutor';
const signer = new Stripe('sk_test_signer');
const admin: Actor = { userId: 1, role: 'admin' };
let nextUser = 1000;
const newStudent = (): Actor => ({ userId: ++nextUser, role: 'student' });

let stripe: StripeStandIn;
let harness: PaymentsHarness;
/** Every line the service logged. */
const logged: string[] = [];
/** The buyer's side of Stripe (what Stripe.js does in the browser), against the same stand-in. */
let stripeClient: Stripe;

const sign = (payload: string, timestamp = Math.floor(Date.now() / 1000)) =>
  signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });

const deliver = (type: string, intentId: string, eventId?: string) => {
  const payload = stripe.intentEvent(type, intentId, eventId);
  return harness.webhook(payload, sign(payload));
};

const createIntent = async (actor: Actor, body: Record<string, unknown> = {}): Promise<PaymentIntentDto> =>
  PaymentIntentDtoSchema.parse(
    await harness.call(
      Subjects.catalogPayments.createPaymentIntent,
      {
        subject: 'Medical School Interviews',
        packageType: 'package5',
        currency: 'GBP',
        buyer: { email: `buyer${actor.userId}@example.com`, name: 'Ada Lovelace' },
        ...body,
      },
      actor,
    ),
  );

const intentIdOf = async (paymentId: string) => (await harness.payment(paymentId))?.provider_payment_id as string;

beforeAll(async () => {
  stripe = new StripeStandIn();
  const apiBase = await stripe.start();
  stripeClient = stripeAt(apiBase);
  // The platform logger's own options, writing to this array.
  const logger = pino({ level: 'info', ...secretSafeLoggerOptions() }, { write: (line: string) => logged.push(line) });
  harness = await startPaymentsService(
    'payments_stripe',
    {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_medtutor',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_medtutor',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: apiBase,
    },
    undefined,
    logger,
  );
});

afterAll(async () => {
  await harness?.stop();
  await stripe?.stop();
});

describe('create_payment_intent with Stripe', () => {
  it('sends the server-computed amount and currency, metadata and an idempotency key to Stripe', async () => {
    const buyer = newStudent();
    const reply = await createIntent(buyer, {
      subject: 'Medical School Support',
      packageType: 'package10',
      currency: 'JPY',
      amount: 1,
    });

    const sent = stripe.creates().at(-1);
    expect(sent?.form).toMatchObject({
      amount: String(poundsToMinor(460, 'JPY')),
      currency: 'jpy',
      'automatic_payment_methods[enabled]': 'true',
      'metadata[paymentId]': reply.paymentId,
      'metadata[userId]': String(buyer.userId),
    });
    expect(sent?.idempotencyKey).toBe(`payment-${reply.paymentId}`);
    expect(reply).toMatchObject({
      provider: 'stripe',
      publishableKey: 'pk_test_medtutor',
      packageName: '10-Session Package',
      hours: 10,
      currency: 'JPY',
      amount: poundsToMinor(460, 'JPY'),
      discountApplied: false,
      discountAmount: 0,
    });
    const intent = stripe.intents.get(await intentIdOf(reply.paymentId));
    expect(reply.clientSecret).toBe(intent?.client_secret);
    expect(await harness.payment(reply.paymentId)).toMatchObject({
      user_id: buyer.userId,
      status: 'pending',
      amount_minor: poundsToMinor(460, 'JPY'),
      currency: 'JPY',
      buyer_email: `buyer${buyer.userId}@example.com`,
    });
  });

  it('applies a discount code: the total drops by its value and the code is held for this payment', async () => {
    const code = await harness.newCode(admin, 30);
    const reply = await createIntent(newStudent(), { discountCode: ` ${code.toLowerCase()} `, currency: 'USD' });

    expect(reply).toMatchObject({
      discountApplied: true,
      discountCode: code,
      amount: poundsToMinor(190 - 30, 'USD'),
      originalPrice: '$241.30',
      discountAmount: poundsToMinor(30, 'USD'),
    });
    expect(stripe.creates().at(-1)?.form.amount).toBe(String(poundsToMinor(160, 'USD')));
    expect(await harness.code(code)).toMatchObject({ status: 'reserved', reserved_for_payment_id: reply.paymentId });
  });

  it('answers an unknown, a held and a spent code exactly alike, holding nothing and calling Stripe for none', async () => {
    const held = await harness.newCode(admin);
    await createIntent(newStudent(), { discountCode: held });
    const spent = await harness.newCode(admin);
    const spender = await createIntent(newStudent(), { discountCode: spent });
    await deliver('payment_intent.succeeded', await intentIdOf(spender.paymentId));
    expect(await harness.code(spent)).toMatchObject({ status: 'spent' });
    const creates = stripe.creates().length;

    const answers = [];
    for (const discountCode of ['NOPE2345', held, spent.toLowerCase()]) {
      const buyer = newStudent();
      answers.push(
        await harness.callError(
          Subjects.catalogPayments.createPaymentIntent,
          { subject: 'Medical School Interviews', discountCode },
          buyer,
        ),
      );
      expect(await harness.row('SELECT count(*)::int AS n FROM payments WHERE user_id = $1', [buyer.userId])).toEqual({
        n: 0,
      });
    }

    expect(answers).toEqual(
      Array.from({ length: 3 }, () => ({
        code: ErrorCodes.discountCodeInvalid,
        message: DiscountMessages.codeInvalid,
      })),
    );
    expect(stripe.creates()).toHaveLength(creates);
  });

  it('refuses UCAT, visitors and tutors', async () => {
    expect(
      await harness.callError(Subjects.catalogPayments.createPaymentIntent, { subject: 'UCAT' }, newStudent()),
    ).toMatchObject({ code: ErrorCodes.subjectUnavailable, message: CatalogMessages.subjectUnavailable('UCAT') });
    expect(
      (
        await harness.callError(
          Subjects.catalogPayments.createPaymentIntent,
          { subject: 'Medical School Support' },
          null,
        )
      ).code,
    ).toBe(ErrorCodes.unauthenticated);
    expect(
      (
        await harness.callError(
          Subjects.catalogPayments.createPaymentIntent,
          { subject: 'Medical School Support' },
          { userId: 5, role: 'tutor' },
        )
      ).code,
    ).toBe(ErrorCodes.forbidden);
  });

  it('when Stripe fails, answers PAYMENTS.PROVIDER_UNAVAILABLE, marks the payment failed and releases the code', async () => {
    const code = await harness.newCode(admin);
    const buyer = newStudent();
    stripe.failing = true;
    try {
      expect(
        await harness.callError(
          Subjects.catalogPayments.createPaymentIntent,
          { subject: 'Medical School Interviews', discountCode: code },
          buyer,
        ),
      ).toMatchObject({ code: ErrorCodes.paymentProviderUnavailable, message: PaymentMessages.providerUnavailable });
    } finally {
      stripe.failing = false;
    }

    expect(await harness.row('SELECT status, failure_reason FROM payments WHERE user_id = $1', [buyer.userId])).toEqual(
      {
        status: 'failed',
        failure_reason: 'payment provider unavailable',
      },
    );
    expect(await harness.code(code)).toMatchObject({ status: 'available', reserved_for_payment_id: null });
  });

  it("cancels the buyer's earlier open checkout when they create a new intent (Apply/Remove), keeping one hold", async () => {
    const buyer = newStudent();
    const code = await harness.newCode(admin);
    const first = await createIntent(buyer, { discountCode: code });
    const firstIntent = await intentIdOf(first.paymentId);

    const second = await createIntent(buyer);
    expect(await harness.payment(first.paymentId)).toMatchObject({ status: 'canceled' });
    expect(await harness.code(code)).toMatchObject({ status: 'available' });

    const third = await createIntent(buyer, { discountCode: code });
    expect(await harness.payment(second.paymentId)).toMatchObject({ status: 'canceled' });
    expect(await harness.code(code)).toMatchObject({ status: 'reserved', reserved_for_payment_id: third.paymentId });
    expect(stripe.intents.get(firstIntent)?.status).toBe('canceled');
  });
});

describe('the Stripe webhook', () => {
  it('payment_intent.succeeded marks the payment paid, spends the code, writes one event and one receipt', async () => {
    const buyer = newStudent();
    const reply = await createIntent(buyer, { discountCode: SEED_30 });
    const intentId = await intentIdOf(reply.paymentId);

    expect(await deliver('payment_intent.succeeded', intentId, 'evt_dup_1')).toEqual({ received: true });
    expect(await deliver('payment_intent.succeeded', intentId, 'evt_dup_1')).toEqual({ received: true });
    expect(await deliver('payment_intent.succeeded', intentId)).toEqual({ received: true });

    expect(await harness.payment(reply.paymentId)).toMatchObject({ status: 'succeeded', paid_at: expect.any(Date) });
    expect(await harness.code(SEED_30)).toMatchObject({ status: 'spent', used_by: buyer.userId });
    expect(await harness.succeededEvents(reply.paymentId)).toBe(1);
    const event = await harness.row<{ payload: { data: unknown } }>(
      `SELECT payload FROM outbox_events WHERE payload->'data'->>'paymentId' = $1`,
      [reply.paymentId],
    );
    expect(event?.payload.data).toMatchObject({
      paymentId: reply.paymentId,
      userId: buyer.userId,
      packageType: 'package5',
      hours: 5,
      amount: poundsToMinor(160, 'GBP'),
      discountCode: SEED_30,
      provider: 'stripe',
    });
    const receipts = await harness.receipts(`buyer${buyer.userId}@example.com`);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toBe('Your receipt: 5-Session Package, £160.00');
  });

  it('fulfils once when the same success arrives many times at once', async () => {
    const reply = await createIntent(newStudent());
    const intentId = await intentIdOf(reply.paymentId);

    await Promise.all(Array.from({ length: 10 }, () => deliver('payment_intent.succeeded', intentId)));

    expect(await harness.succeededEvents(reply.paymentId)).toBe(1);
  });

  it('refuses a bad or stale signature with 400 and changes nothing', async () => {
    const reply = await createIntent(newStudent());
    const payload = stripe.intentEvent('payment_intent.succeeded', await intentIdOf(reply.paymentId));
    const forged = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    const stale = sign(payload, Math.floor(Date.now() / 1000) - 600);

    for (const signature of [forged, stale, 'garbage']) {
      expect(
        await harness.callError(
          Subjects.catalogPayments.handleProviderWebhook,
          webhookRequest(payload, signature),
          null,
        ),
      ).toEqual({
        code: ErrorCodes.webhookSignatureInvalid,
        message: PaymentMessages.webhookSignatureInvalid,
      });
    }
    const tampered = payload.replace('"livemode":false', '"livemode":true');
    expect(
      (
        await harness.callError(
          Subjects.catalogPayments.handleProviderWebhook,
          webhookRequest(tampered, sign(payload)),
          null,
        )
      ).code,
    ).toBe(ErrorCodes.webhookSignatureInvalid);

    expect(await harness.payment(reply.paymentId)).toMatchObject({ status: 'pending' });
    expect(await harness.succeededEvents(reply.paymentId)).toBe(0);
    expect(
      await harness.row('SELECT count(*)::int AS n FROM processed_provider_events WHERE event_id = $1', [
        JSON.parse(payload).id,
      ]),
    ).toEqual({ n: 0 });
  });

  // Issue 24: payment_intent.succeeded was credited whatever amount, currency or mode it reported.
  it.each([
    ['amount', { amount: 100 }],
    ['currency', { currency: 'usd' }],
    ['mode (live or test)', { livemode: true }],
  ])(
    'refuses to credit a success whose %s disagrees with the payment: flagged for an admin, credited by no path',
    async (what, change) => {
      const buyer = newStudent();
      const reply = await createIntent(buyer);
      const intentId = await intentIdOf(reply.paymentId);
      stripe.setStatus(intentId, 'succeeded');
      const intent = stripe.intents.get(intentId);
      if (!intent) throw new Error('the stand-in holds no such intent');
      const payload = paymentIntentEvent('payment_intent.succeeded', { ...intent, ...change });

      expect(await harness.webhook(payload, sign(payload))).toEqual({ received: true });

      // Told to whoever reads the logs, with ids and figures only: no buyer's email or name.
      const lines = logged.filter((line) => line.includes(reply.paymentId) && line.includes('disagrees'));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ level: 50, intentId, mismatch: [what] });
      expect(lines[0]).not.toContain(`buyer${buyer.userId}@example.com`);
      expect(lines[0]).not.toContain('Ada Lovelace');
      expect(await harness.payment(reply.paymentId)).toMatchObject({
        status: 'pending',
        paid_at: null,
        conflict_reason: PaymentMessages.providerMismatch(what),
        conflict_at: expect.any(Date),
      });
      expect(await harness.succeededEvents(reply.paymentId)).toBe(0);
      expect(await harness.receipts(`buyer${buyer.userId}@example.com`)).toEqual([]);
      const conflicts = PaymentConflictsDtoSchema.parse(
        await harness.call(Subjects.catalogPayments.listPaymentConflicts, {}, admin),
      );
      expect(conflicts.conflicts).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ paymentId: reply.paymentId, reason: PaymentMessages.providerMismatch(what) }),
        ]),
      );

      // Nor later: not the genuine event, not the buyer's page asking Stripe, not the sweeper.
      await deliver('payment_intent.succeeded', intentId);
      await harness.call(Subjects.catalogPayments.getPayment, { paymentId: reply.paymentId }, buyer);
      await harness.service.app.get(PaymentSweeper).sweepOnce(new Date(Date.now() + 24 * 60 * 60_000));
      expect(await harness.payment(reply.paymentId)).toMatchObject({ status: 'pending' });
      expect(await harness.succeededEvents(reply.paymentId)).toBe(0);
    },
  );

  it('payment_failed keeps the payment open and its hold (Stripe lets the buyer retry); canceled releases it', async () => {
    const failedCode = await harness.newCode(admin);
    const failed = await createIntent(newStudent(), { discountCode: failedCode });
    const failedIntent = await intentIdOf(failed.paymentId);
    const payload = paymentIntentEvent('payment_intent.payment_failed', {
      ...(stripe.intents.get(failedIntent) ?? { id: failedIntent, amount: 0, currency: 'gbp' }),
      last_payment_error: { message: 'Your card was declined.' },
    });
    await harness.webhook(payload, sign(payload));
    expect(await harness.payment(failed.paymentId)).toMatchObject({
      status: 'pending',
      failure_reason: 'Your card was declined.',
    });
    expect(await harness.code(failedCode)).toMatchObject({
      status: 'reserved',
      reserved_for_payment_id: failed.paymentId,
    });
    await stripeClient.paymentIntents.confirm(failedIntent); // the retry with another card
    await deliver('payment_intent.succeeded', failedIntent);
    expect(await harness.payment(failed.paymentId)).toMatchObject({ status: 'succeeded', conflict_at: null });
    expect(await harness.code(failedCode)).toMatchObject({ status: 'spent' });

    const canceledCode = await harness.newCode(admin);
    const canceled = await createIntent(newStudent(), { discountCode: canceledCode });
    await deliver('payment_intent.canceled', await intentIdOf(canceled.paymentId));
    expect(await harness.payment(canceled.paymentId)).toMatchObject({ status: 'canceled' });
    expect(await harness.code(canceledCode)).toMatchObject({ status: 'available' });
  });

  it('a failure or cancellation after a success changes nothing', async () => {
    const paidCode = await harness.newCode(admin);
    const paid = await createIntent(newStudent(), { discountCode: paidCode });
    const paidIntent = await intentIdOf(paid.paymentId);
    await deliver('payment_intent.succeeded', paidIntent);
    await deliver('payment_intent.payment_failed', paidIntent);
    await deliver('payment_intent.canceled', paidIntent);
    expect(await harness.payment(paid.paymentId)).toMatchObject({ status: 'succeeded' });
    expect(await harness.code(paidCode)).toMatchObject({ status: 'spent' });
    expect(await harness.succeededEvents(paid.paymentId)).toBe(1);
  });

  it('acknowledges event types it does not act on', async () => {
    const payload = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      created: 1,
      data: { object: {} },
    });
    expect(await harness.webhook(payload, sign(payload))).toEqual({ received: true });
  });

  it('20 buyers racing with one code: one holds it, one payment spends it, once', async () => {
    const code = await harness.newCode(admin);
    const buyers = Array.from({ length: 20 }, newStudent);

    const outcomes = await Promise.all(
      buyers.map((buyer) =>
        createIntent(buyer, { discountCode: code }).then(
          (reply) => reply,
          (error: unknown) => (error as { code?: string }).code,
        ),
      ),
    );

    const winners = outcomes.filter((outcome): outcome is PaymentIntentDto => typeof outcome === 'object');
    expect(winners).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === ErrorCodes.discountCodeInvalid)).toHaveLength(19);
    const winner = winners[0] as PaymentIntentDto;
    expect(winner.discountApplied).toBe(true);
    const intentId = await intentIdOf(winner.paymentId);
    await Promise.all(Array.from({ length: 5 }, () => deliver('payment_intent.succeeded', intentId)));
    expect(await harness.code(code)).toMatchObject({ status: 'spent', reserved_for_payment_id: winner.paymentId });
    expect(await harness.succeededEvents(winner.paymentId)).toBe(1);
    expect(await harness.row('SELECT count(*)::int AS n FROM payments WHERE discount_code = $1', [code])).toEqual({
      n: 1,
    });
  });
});

describe('get_payment', () => {
  it('shows the owner and admins the payment; anyone else gets NOT_FOUND', async () => {
    const owner = newStudent();
    const reply = await createIntent(owner);

    const own = PaymentDtoSchema.parse(
      await harness.call(Subjects.catalogPayments.getPayment, { paymentId: reply.paymentId }, owner),
    );
    expect(own).toMatchObject({
      paymentId: reply.paymentId,
      status: 'pending',
      packageName: '5-Session Package',
      formattedPrice: '£190.00',
    });
    expect(
      PaymentDtoSchema.parse(
        await harness.call(Subjects.catalogPayments.getPayment, { paymentId: reply.paymentId }, admin),
      ).paymentId,
    ).toBe(reply.paymentId);
    expect(
      (await harness.callError(Subjects.catalogPayments.getPayment, { paymentId: reply.paymentId }, newStudent())).code,
    ).toBe(ErrorCodes.notFound);
    expect(
      (await harness.callError(Subjects.catalogPayments.getPayment, { paymentId: reply.paymentId }, null)).code,
    ).toBe(ErrorCodes.unauthenticated);
  });

  it('asks Stripe about a payment still pending and fulfils it when Stripe says succeeded (slow webhook)', async () => {
    const owner = newStudent();
    const reply = await createIntent(owner);
    stripe.setStatus(await intentIdOf(reply.paymentId), 'succeeded');

    const payment = PaymentDtoSchema.parse(
      await harness.call(Subjects.catalogPayments.getPayment, { paymentId: reply.paymentId }, owner),
    );

    expect(payment).toMatchObject({ status: 'succeeded', paidAt: expect.any(String) });
    expect(await harness.succeededEvents(reply.paymentId)).toBe(1);
    await deliver('payment_intent.succeeded', await intentIdOf(reply.paymentId));
    expect(await harness.succeededEvents(reply.paymentId)).toBe(1);
  });

  it('refuses the demo confirmation for a Stripe payment', async () => {
    const owner = newStudent();
    const reply = await createIntent(owner);
    expect(
      (
        await harness.callError(
          Subjects.catalogPayments.confirmDemoPayment,
          { paymentId: reply.paymentId, clientSecret: reply.clientSecret, cardNumber: '4242424242424242' },
          owner,
        )
      ).code,
    ).toBe(ErrorCodes.notFound);
    expect(await harness.payment(reply.paymentId)).toMatchObject({ status: 'pending' });
  });
});
