import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  type Actor,
  type AdminPaymentDetail,
  AdminPaymentDetailSchema,
  type CurrencyCode,
  ErrorCodes,
  EventTypes,
  type PaymentDisputedV1,
  PaymentDisputedV1Schema,
  PaymentIntentDtoSchema,
  type PaymentRefundedV1,
  PaymentRefundedV1Schema,
  RefundMessages,
  RevenueByWeekDtoSchema,
  Subjects,
} from '@medtutor/contracts';
import Stripe from 'stripe';
import {
  PaymentSweeper,
  UNANSWERED_REFUND_AFTER_MS,
  UNANSWERED_REFUND_GIVE_UP_MS,
} from '../src/modules/payments/payment-sweeper.js';
import { PaymentFulfilmentService } from '../src/modules/payments/payment-fulfilment.service.js';
import { PaymentsHarness, startPaymentsService } from './support/payments-harness.js';
import { chargeRefundedEvent, disputeEvent, refundEvent, StripeStandIn } from './support/stripe-stand-in.js';

// The service boots on a fresh database; under a loaded machine that outlasts Jest's 5 s default.
jest.setTimeout(60_000);

const WEBHOOK_SECRET = 'whsec_test_medtutor';
const signer = new Stripe('sk_test_signer');
const admin: Actor = { userId: 1, role: 'admin' };
let nextUser = 6000;
const newStudent = (): Actor => ({ userId: ++nextUser, role: 'student' });

let stripe: StripeStandIn;
let harness: PaymentsHarness;

const sign = (payload: string) =>
  signer.webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    timestamp: Math.floor(Date.now() / 1000),
  });
const send = (payload: string) => harness.webhook(payload, sign(payload));

interface Paid {
  paymentId: string;
  intentId: string;
  email: string;
  amount: number;
}

const settled = () => harness.service.app.get(PaymentFulfilmentService).idle();

/** A 5-session package bought and paid with Stripe: Stripe charged it and told us by webhook. */
const buyPaid = async (currency: CurrencyCode = 'GBP'): Promise<Paid> => {
  const buyer = newStudent();
  const email = `refund${buyer.userId}@example.com`;
  const intent = PaymentIntentDtoSchema.parse(
    await harness.call(
      Subjects.catalogPayments.createPaymentIntent,
      {
        subject: 'Medical School Support', // £240 for five sessions
        packageType: 'package5',
        currency,
        buyer: { email, name: 'Ada Lovelace' },
      },
      buyer,
    ),
  );
  const intentId = (await harness.payment(intent.paymentId))?.provider_payment_id as string;
  stripe.setStatus(intentId, 'succeeded');
  await send(stripe.intentEvent('payment_intent.succeeded', intentId));
  await settled(); // the webhook asks Stripe for the settlement after answering
  return { paymentId: intent.paymentId, intentId, email, amount: intent.amount };
};

const refund = async (paymentId: string, body: Record<string, unknown> = {}) =>
  AdminPaymentDetailSchema.parse(
    await harness.call(
      Subjects.catalogPayments.refundPayment,
      { paymentId, reason: 'Student moved abroad', ...body },
      admin,
    ),
  );

const detail = async (paymentId: string): Promise<AdminPaymentDetail> =>
  AdminPaymentDetailSchema.parse(await harness.call(Subjects.catalogPayments.getAdminPayment, { paymentId }, admin));

const refunded = async (paymentId: string): Promise<PaymentRefundedV1[]> =>
  (await harness.events(EventTypes.paymentRefunded, paymentId)).map((data) => PaymentRefundedV1Schema.parse(data));

const disputed = async (paymentId: string): Promise<PaymentDisputedV1[]> =>
  (await harness.events(EventTypes.paymentDisputed, paymentId)).map((data) => PaymentDisputedV1Schema.parse(data));

const refundEmails = async (email: string) =>
  (await harness.sentMails(email)).filter((mail) => mail.subject.startsWith('Your refund'));

const thisWeeksRevenue = async () => {
  const report = RevenueByWeekDtoSchema.parse(
    await harness.call(Subjects.catalogPayments.revenueByWeek, { weeks: 1 }, admin),
  );
  return { totals: report.totals, settledGbp: report.settledGbp };
};

beforeAll(async () => {
  stripe = new StripeStandIn();
  const apiBase = await stripe.start();
  harness = await startPaymentsService('payments_refunds_stripe', {
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_medtutor',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_medtutor',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: apiBase,
  });
});

afterAll(async () => {
  await harness?.stop();
  await stripe?.stop();
});

describe('settlement', () => {
  it('records the balance transaction of a paid payment: GBP as is, another currency at Stripe’s rate', async () => {
    const pounds = await buyPaid('GBP');
    const dollars = await buyPaid('USD');

    expect((await detail(pounds.paymentId)).settlement).toEqual({
      currency: 'GBP',
      amount: 24000,
      formattedAmount: '£240.00',
      exchangeRate: null,
    });
    // $304.80 at 0.78.
    expect((await detail(dollars.paymentId)).settlement).toEqual({
      currency: 'GBP',
      amount: Math.round(dollars.amount * 0.78),
      formattedAmount: `£${(Math.round(dollars.amount * 0.78) / 100).toFixed(2)}`,
      exchangeRate: 0.78,
    });
    expect(await harness.payment(dollars.paymentId)).toMatchObject({
      provider_charge_id: stripe.chargeOf(dollars.intentId).id,
    });

    // The receipt states the amount as charged, in the currency charged.
    const [receipt] = await harness.sentMails(dollars.email);
    expect(receipt?.subject).toBe('Your receipt: 5-Session Package, $304.80');
    expect(receipt?.text).toContain('Amount paid: $304.80\nCurrency: USD');
  });

  it('leaves a settlement Stripe could not give to the sweeper, which fills it in later', async () => {
    const buyer = newStudent();
    const intent = PaymentIntentDtoSchema.parse(
      await harness.call(Subjects.catalogPayments.createPaymentIntent, { subject: 'Medical School Interviews' }, buyer),
    );
    const intentId = (await harness.payment(intent.paymentId))?.provider_payment_id as string;
    stripe.setStatus(intentId, 'succeeded');
    stripe.failing = true; // Stripe cannot be asked for the balance transaction when the webhook lands
    try {
      await send(stripe.intentEvent('payment_intent.succeeded', intentId));
      await settled();
    } finally {
      stripe.failing = false;
    }
    const paid = { paymentId: intent.paymentId, amount: intent.amount };
    expect(await harness.payment(paid.paymentId)).toMatchObject({ status: 'succeeded', settlement_amount_minor: null });

    expect(await harness.service.app.get(PaymentSweeper).sweepOnce()).toMatchObject({ settled: expect.any(Number) });

    expect(await harness.payment(paid.paymentId)).toMatchObject({
      settlement_currency: 'GBP',
      settlement_amount_minor: paid.amount,
    });
  });
});

describe('refund_payment with Stripe', () => {
  it('refunds what is left by default, with our refund id as the idempotency key, once', async () => {
    const paid = await buyPaid();

    const reply = await refund(paid.paymentId);

    const sent = stripe.refundCreates().at(-1);
    const ours = (await harness.refunds(paid.paymentId))[0];
    expect(sent?.idempotencyKey).toBe(`refund-${ours?.id as string}`);
    expect(sent?.form).toMatchObject({
      payment_intent: paid.intentId,
      amount: '24000',
      'metadata[refundId]': ours?.id,
      'metadata[paymentId]': paid.paymentId,
    });
    expect(reply).toMatchObject({
      status: 'refunded',
      refundedAmount: 24000,
      formattedRefundedAmount: '£240.00',
      refundableAmount: 0,
      refunds: [
        {
          amount: 24000,
          formattedAmount: '£240.00',
          status: 'succeeded',
          reason: 'Student moved abroad',
          requestedBy: admin.userId,
          providerRefundId: expect.stringMatching(/^re_/),
        },
      ],
    });
    expect(ours).toMatchObject({ status: 'succeeded', settlement_amount_minor: 24000 });
    expect(await refunded(paid.paymentId)).toEqual([
      expect.objectContaining({
        paymentId: paid.paymentId,
        refundedAmount: 24000,
        fullyRefunded: true,
        amount: 24000,
        currency: 'GBP',
        hours: 5,
        reason: 'Student moved abroad',
        buyerEmail: paid.email,
      }),
    ]);
    const emails = await refundEmails(paid.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe('Your refund: 5-Session Package, £240.00');
    expect(emails[0]?.text).toContain('We have refunded your payment for 5-Session Package in full (£240.00 now).');
    expect(emails[0]?.text).toContain('5–7 business days');

    // Then Stripe's own webhooks about the same refund: nothing more happens.
    const stripeRefund = stripe.refunds.get(reply.refunds[0]?.providerRefundId ?? '');
    if (!stripeRefund) throw new Error('the stand-in holds no such refund');
    await send(refundEvent('refund.created', stripeRefund));
    await send(chargeRefundedEvent(stripe.chargeOf(paid.intentId)));
    expect(await refunded(paid.paymentId)).toHaveLength(1);
    expect(await refundEmails(paid.email)).toHaveLength(1);
    expect(await harness.refunds(paid.paymentId)).toHaveLength(1);

    const asked = stripe.refundCreates().length;
    expect(
      await harness.callError(
        Subjects.catalogPayments.refundPayment,
        { paymentId: paid.paymentId, reason: 'again' },
        admin,
      ),
    ).toMatchObject({ code: ErrorCodes.refundNotAllowed, message: RefundMessages.nothingLeft });
    expect(stripe.refundCreates()).toHaveLength(asked);
  });

  it('refunds part, says what is left, refuses more than that, then refunds the rest', async () => {
    const paid = await buyPaid();

    const first = await refund(paid.paymentId, { amount: 9600, reason: 'Two sessions cancelled' });

    expect(first).toMatchObject({ status: 'partially_refunded', refundedAmount: 9600, refundableAmount: 14400 });
    expect(await refunded(paid.paymentId)).toEqual([
      expect.objectContaining({ refundedAmount: 9600, fullyRefunded: false, reason: 'Two sessions cancelled' }),
    ]);
    const [mail] = await refundEmails(paid.email);
    expect(mail?.subject).toBe('Your refund: 5-Session Package, £96.00');
    expect(mail?.text).toContain('Refunded now: £96.00');
    expect(mail?.text).toContain('Remaining payment: £144.00');
    expect(mail?.text).toContain('Reason: Two sessions cancelled');

    const refusals = stripe.refundCreates().length;
    expect(
      await harness.callError(
        Subjects.catalogPayments.refundPayment,
        { paymentId: paid.paymentId, amount: 14401, reason: 'too much' },
        admin,
      ),
    ).toMatchObject({ code: ErrorCodes.validationFailed, message: RefundMessages.tooLarge('£144.00') });
    expect(stripe.refundCreates()).toHaveLength(refusals);

    const rest = await refund(paid.paymentId, { reason: 'The rest' });

    expect(rest).toMatchObject({ status: 'refunded', refundedAmount: 24000, refundableAmount: 0 });
    expect(stripe.refundCreates().at(-1)?.form.amount).toBe('14400');
    expect((await refunded(paid.paymentId)).map((event) => [event.refundedAmount, event.fullyRefunded])).toEqual([
      [9600, false],
      [24000, true],
    ]);
    expect((await refundEmails(paid.email)).map((email) => email.subject)).toEqual([
      'Your refund: 5-Session Package, £96.00',
      'Your refund: 5-Session Package, £144.00',
    ]);
  });

  it('refuses an unpaid payment, validates the body and is for admins only', async () => {
    const buyer = newStudent();
    const open = PaymentIntentDtoSchema.parse(
      await harness.call(Subjects.catalogPayments.createPaymentIntent, { subject: 'Medical School Interviews' }, buyer),
    );
    expect(
      await harness.callError(
        Subjects.catalogPayments.refundPayment,
        { paymentId: open.paymentId, reason: 'x' },
        admin,
      ),
    ).toMatchObject({ code: ErrorCodes.refundNotAllowed, message: RefundMessages.notRefundable });
    expect(
      await harness.callError(
        Subjects.catalogPayments.refundPayment,
        { paymentId: open.paymentId, reason: ' ' },
        admin,
      ),
    ).toMatchObject({ code: ErrorCodes.validationFailed, message: RefundMessages.reasonRequired });
    expect(
      await harness.callError(
        Subjects.catalogPayments.refundPayment,
        { paymentId: open.paymentId, amount: 1.5, reason: 'x' },
        admin,
      ),
    ).toMatchObject({ code: ErrorCodes.validationFailed, message: RefundMessages.amountInvalid });
    expect(
      await harness.callError(
        Subjects.catalogPayments.refundPayment,
        { paymentId: '00000000-0000-4000-8000-000000000000', reason: 'x' },
        admin,
      ),
    ).toMatchObject({ code: ErrorCodes.notFound, message: RefundMessages.paymentNotFound });
    const paid = await buyPaid();
    for (const [actor, code] of [
      [null, ErrorCodes.unauthenticated],
      [buyer, ErrorCodes.forbidden],
    ] as const) {
      expect(
        await harness.callError(
          Subjects.catalogPayments.refundPayment,
          { paymentId: paid.paymentId, reason: 'x' },
          actor,
        ),
      ).toMatchObject({ code });
    }
    expect(await harness.refunds(paid.paymentId)).toEqual([]);
  });

  // Issue 24: a timeout after Stripe made the refund was taken for a refusal; the admin, told to try
  // again, made a second refund under a new idempotency key.
  it('records the refund Stripe made when its answer is lost, all under one idempotency key, and refunds once', async () => {
    const paid = await buyPaid();
    stripe.losingRefundAnswers = true;
    let reply: AdminPaymentDetail;
    try {
      reply = await refund(paid.paymentId);
    } finally {
      stripe.losingRefundAnswers = false;
    }

    const ours = (await harness.refunds(paid.paymentId))[0];
    const made = stripe.refundsOf(paid.intentId);
    expect(made).toHaveLength(1);
    expect(made[0]?.metadata).toMatchObject({ refundId: ours?.id, paymentId: paid.paymentId });
    const sent = stripe.refundCreates().filter((request) => request.form.payment_intent === paid.intentId);
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent.map((request) => request.idempotencyKey))).toEqual(new Set([`refund-${ours?.id as string}`]));
    expect(ours).toMatchObject({ status: 'succeeded', provider_refund_id: made[0]?.id, amount_minor: 24000 });
    expect(reply).toMatchObject({ status: 'refunded', refundedAmount: 24000, refundableAmount: 0 });
    expect(await refunded(paid.paymentId)).toEqual([expect.objectContaining({ refundedAmount: 24000 })]);
    expect(await refundEmails(paid.email)).toHaveLength(1);

    // The admin trying again is told it is done; Stripe is not asked for a second refund.
    expect(
      await harness.callError(
        Subjects.catalogPayments.refundPayment,
        { paymentId: paid.paymentId, reason: 'again' },
        admin,
      ),
    ).toMatchObject({ code: ErrorCodes.refundNotAllowed, message: RefundMessages.nothingLeft });
    expect(stripe.refundsOf(paid.intentId)).toHaveLength(1);
  });

  it('keeps a refund Stripe could not be asked about pending (holding its amount), then the sweeper makes it under the SAME key', async () => {
    const paid = await buyPaid();
    stripe.failing = true; // no answer to anything: not the create, not the list
    let reply: AdminPaymentDetail;
    try {
      reply = await refund(paid.paymentId, { amount: 10000 });
    } finally {
      stripe.failing = false;
    }
    const ours = (await harness.refunds(paid.paymentId))[0];
    expect(ours).toMatchObject({ status: 'pending', provider_refund_id: null, amount_minor: 10000 });
    expect(reply).toMatchObject({ refundableAmount: 14000, refunds: [{ status: 'pending', amount: 10000 }] });
    expect(stripe.refundsOf(paid.intentId)).toEqual([]);
    expect(await refunded(paid.paymentId)).toEqual([]);

    // What is left can still be refunded, but never the pending amount twice.
    expect(
      await harness.callError(
        Subjects.catalogPayments.refundPayment,
        { paymentId: paid.paymentId, amount: 14001, reason: 'again' },
        admin,
      ),
    ).toMatchObject({ code: ErrorCodes.validationFailed, message: RefundMessages.tooLarge('£140.00') });

    // Stripe is back; a sweep once nothing can still be in flight asks it, with the refund's own key.
    const swept = await harness.service.app
      .get(PaymentSweeper)
      .sweepOnce(new Date(Date.now() + UNANSWERED_REFUND_AFTER_MS + 1000));
    expect(swept).toMatchObject({ refundsConfirmed: 1 });

    const sent = stripe.refundCreates().filter((request) => request.form.payment_intent === paid.intentId);
    expect(new Set(sent.map((request) => request.idempotencyKey))).toEqual(new Set([`refund-${ours?.id as string}`]));
    expect(stripe.refundsOf(paid.intentId)).toHaveLength(1);
    expect((await harness.refunds(paid.paymentId))[0]).toMatchObject({ status: 'succeeded', amount_minor: 10000 });
    expect(await refunded(paid.paymentId)).toEqual([
      expect.objectContaining({ refundedAmount: 10000, fullyRefunded: false }),
    ]);
    expect((await detail(paid.paymentId)).refundableAmount).toBe(14000);
  });

  it('tells the admin a refund awaits Stripe rather than that nothing is left, while its answer is unknown', async () => {
    const paid = await buyPaid();
    stripe.failing = true;
    try {
      await refund(paid.paymentId);
      expect(
        await harness.callError(
          Subjects.catalogPayments.refundPayment,
          { paymentId: paid.paymentId, reason: 'again' },
          admin,
        ),
      ).toMatchObject({ code: ErrorCodes.refundNotAllowed, message: RefundMessages.awaitingProvider });
    } finally {
      stripe.failing = false;
    }
    expect(await harness.refunds(paid.paymentId)).toEqual([expect.objectContaining({ status: 'pending' })]);
    // An hour on, Stripe's list still shows no such refund and its answer to the same key is still an
    // error: Stripe made nothing, so the row fails and the whole amount can be refunded again.
    stripe.failingRefunds = true;
    try {
      await harness.service.app
        .get(PaymentSweeper)
        .sweepOnce(new Date(Date.now() + UNANSWERED_REFUND_GIVE_UP_MS + 1000));
    } finally {
      stripe.failingRefunds = false;
    }
    expect(await harness.refunds(paid.paymentId)).toEqual([expect.objectContaining({ status: 'failed' })]);
    expect(stripe.refundsOf(paid.intentId)).toEqual([]);
    expect((await detail(paid.paymentId)).refundableAmount).toBe(24000);
  });

  it('marks the refund failed when Stripe clearly refuses it, with no event, no email and nothing refunded', async () => {
    const paid = await buyPaid();
    stripe.refusingRefunds = true;
    try {
      expect(
        await harness.callError(
          Subjects.catalogPayments.refundPayment,
          { paymentId: paid.paymentId, reason: 'x' },
          admin,
        ),
      ).toMatchObject({ code: ErrorCodes.paymentProviderUnavailable, message: RefundMessages.providerRefused });
    } finally {
      stripe.refusingRefunds = false;
    }
    expect(await harness.refunds(paid.paymentId)).toEqual([
      expect.objectContaining({ status: 'failed', amount_minor: 24000 }),
    ]);
    expect(await harness.payment(paid.paymentId)).toMatchObject({ refunded_minor: 0 });
    expect(await refunded(paid.paymentId)).toEqual([]);
    expect(await refundEmails(paid.email)).toEqual([]);
    // A refused attempt holds nothing back: the whole amount can be refunded again.
    expect((await detail(paid.paymentId)).refundableAmount).toBe(24000);
  });
});

describe('refund webhooks', () => {
  it('handles the same refund event twice, and its twin with another id, as one refund', async () => {
    const paid = await buyPaid();
    const made = stripe.dashboardRefund(paid.intentId, 6000);

    await send(refundEvent('refund.updated', made, 'evt_refund_twice'));
    await send(refundEvent('refund.updated', made, 'evt_refund_twice'));
    await send(refundEvent('refund.updated', made));
    await send(chargeRefundedEvent(stripe.chargeOf(paid.intentId)));

    expect(await refunded(paid.paymentId)).toEqual([
      expect.objectContaining({ refundedAmount: 6000, fullyRefunded: false }),
    ]);
    expect(await refundEmails(paid.email)).toHaveLength(1);
    expect(await harness.refunds(paid.paymentId)).toHaveLength(1);
  });

  it('takes a refund made in the Stripe dashboard from its webhook alone, and its settlement from the sweeper', async () => {
    const paid = await buyPaid('USD');
    stripe.refundRates = { usd: 0.8 };
    const made = stripe.dashboardRefund(paid.intentId, 5000, 'duplicate');
    stripe.refundRates = {};

    await send(refundEvent('refund.created', made));

    expect(await harness.refunds(paid.paymentId)).toEqual([
      expect.objectContaining({
        provider_refund_id: made.id,
        amount_minor: 5000,
        status: 'succeeded',
        requested_by: null,
        reason: 'duplicate',
        settlement_amount_minor: null,
      }),
    ]);
    expect(await refunded(paid.paymentId)).toEqual([
      expect.objectContaining({ refundedAmount: 5000, fullyRefunded: false, reason: 'duplicate', currency: 'USD' }),
    ]);
    const [mail] = await refundEmails(paid.email);
    expect(mail?.subject).toBe('Your refund: 5-Session Package, $50.00');
    expect(mail?.text).toContain('Currency: USD');
    expect(stripe.refundCreates().filter((request) => request.form.payment_intent === paid.intentId)).toEqual([]);

    await harness.service.app.get(PaymentSweeper).sweepOnce();

    // $50.00 went back at Stripe's 0.80 that day: £40.00 left the account.
    expect((await harness.refunds(paid.paymentId))[0]).toMatchObject({ settlement_amount_minor: 4000 });
  });

  it('lands the same way when refund.updated comes before charge.refunded, and a larger total before a smaller one', async () => {
    const paid = await buyPaid();
    const first = stripe.dashboardRefund(paid.intentId, 4000);
    const afterFirst = chargeRefundedEvent(stripe.chargeOf(paid.intentId));
    const second = stripe.dashboardRefund(paid.intentId, 6000);
    const afterSecond = chargeRefundedEvent(stripe.chargeOf(paid.intentId));

    await send(refundEvent('refund.updated', second));
    await send(afterSecond); // amount_refunded 10000, listing both refunds
    await send(refundEvent('refund.updated', first));
    await send(afterFirst); // amount_refunded 4000: older news

    expect((await refunded(paid.paymentId)).map((event) => event.refundedAmount)).toEqual([6000, 10000]);
    expect(await harness.payment(paid.paymentId)).toMatchObject({ refunded_minor: 10000 });
    expect((await harness.refunds(paid.paymentId)).map((row) => [row.amount_minor, row.status])).toEqual(
      expect.arrayContaining([
        [4000, 'succeeded'],
        [6000, 'succeeded'],
      ]),
    );
    expect(await harness.refunds(paid.paymentId)).toHaveLength(2);
    expect((await detail(paid.paymentId)).status).toBe('partially_refunded');
  });

  it('keeps a refund Stripe reports before the payment’s own success, and applies it once the payment is paid', async () => {
    const buyer = newStudent();
    const intent = PaymentIntentDtoSchema.parse(
      await harness.call(
        Subjects.catalogPayments.createPaymentIntent,
        { subject: 'Medical School Support', packageType: 'package5' },
        buyer,
      ),
    );
    const intentId = (await harness.payment(intent.paymentId))?.provider_payment_id as string;
    stripe.setStatus(intentId, 'succeeded');
    stripe.dashboardRefund(intentId, 6000);

    await send(chargeRefundedEvent(stripe.chargeOf(intentId)));

    expect(await harness.payment(intent.paymentId)).toMatchObject({ status: 'pending', refunded_minor: 0 });
    expect(await harness.refunds(intent.paymentId)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    expect(await refunded(intent.paymentId)).toEqual([]);

    await send(stripe.intentEvent('payment_intent.succeeded', intentId));
    await settled();

    expect(await harness.succeededEvents(intent.paymentId)).toBe(1);
    expect(await refunded(intent.paymentId)).toEqual([
      expect.objectContaining({ refundedAmount: 6000, fullyRefunded: false }),
    ]);
    expect((await detail(intent.paymentId)).status).toBe('partially_refunded');
  });

  it('applies a charge.refunded that arrives alone, its refunds listed', async () => {
    const paid = await buyPaid();
    stripe.dashboardRefund(paid.intentId, paid.amount);

    await send(chargeRefundedEvent(stripe.chargeOf(paid.intentId)));

    expect(await refunded(paid.paymentId)).toEqual([
      expect.objectContaining({ refundedAmount: 24000, fullyRefunded: true }),
    ]);
    expect(await harness.refunds(paid.paymentId)).toEqual([
      expect.objectContaining({ status: 'succeeded', requested_by: null }),
    ]);
    expect((await detail(paid.paymentId)).status).toBe('refunded');
  });
});

describe('dispute webhooks', () => {
  it('holds a disputed payment (no refund), then a won dispute lifts it; duplicates change nothing', async () => {
    const paid = await buyPaid();
    const dispute = stripe.dispute(paid.intentId);

    await send(disputeEvent('charge.dispute.created', dispute, 'evt_dispute_open'));
    await send(disputeEvent('charge.dispute.created', dispute, 'evt_dispute_open'));
    await send(disputeEvent('charge.dispute.updated', { ...dispute, status: 'under_review' }));

    expect(await detail(paid.paymentId)).toMatchObject({
      status: 'disputed',
      refundableAmount: 0,
      disputes: [{ id: dispute.id, status: 'open', amount: 24000, reason: 'fraudulent', closedAt: null }],
    });
    expect(
      await harness.callError(
        Subjects.catalogPayments.refundPayment,
        { paymentId: paid.paymentId, reason: 'x' },
        admin,
      ),
    ).toMatchObject({ code: ErrorCodes.refundNotAllowed, message: RefundMessages.disputeOpen });

    const won = { ...dispute, status: 'won' };
    await send(disputeEvent('charge.dispute.closed', won));
    await send(disputeEvent('charge.dispute.closed', won));
    await send(disputeEvent('charge.dispute.created', dispute)); // a late open changes nothing

    expect(
      (await disputed(paid.paymentId)).map((event) => [event.disputeId, event.status, event.disputedAmount]),
    ).toEqual([
      [dispute.id, 'open', 24000],
      [dispute.id, 'won', 24000],
    ]);
    expect(await refunded(paid.paymentId)).toEqual([]);
    expect(await detail(paid.paymentId)).toMatchObject({ status: 'succeeded', refundableAmount: 24000 });
  });

  it('counts a lost dispute as a full refund: disputed(lost) and refunded(full), once', async () => {
    const paid = await buyPaid();
    const dispute = stripe.dispute(paid.intentId);

    await send(disputeEvent('charge.dispute.created', dispute));
    await send(disputeEvent('charge.dispute.closed', { ...dispute, status: 'lost' }));
    await send(disputeEvent('charge.dispute.closed', { ...dispute, status: 'lost' }));

    expect((await disputed(paid.paymentId)).map((event) => event.status)).toEqual(['open', 'lost']);
    expect(await refunded(paid.paymentId)).toEqual([
      expect.objectContaining({ refundedAmount: 24000, fullyRefunded: true, reason: 'fraudulent' }),
    ]);
    // The bank gave the money back, not us: no refund email.
    expect(await refundEmails(paid.email)).toEqual([]);
    expect(await detail(paid.paymentId)).toMatchObject({
      status: 'refunded',
      refundedAmount: 24000,
      refundableAmount: 0,
    });
    expect(
      await harness.callError(
        Subjects.catalogPayments.refundPayment,
        { paymentId: paid.paymentId, reason: 'x' },
        admin,
      ),
    ).toMatchObject({ code: ErrorCodes.refundNotAllowed, message: RefundMessages.nothingLeft });
  });

  it('lands the same when the close comes before the open, won or lost', async () => {
    const wonPaid = await buyPaid();
    const won = stripe.dispute(wonPaid.intentId);
    await send(disputeEvent('charge.dispute.closed', { ...won, status: 'warning_closed' }));
    await send(disputeEvent('charge.dispute.created', won));

    expect((await disputed(wonPaid.paymentId)).map((event) => event.status)).toEqual(['won']);
    expect(await detail(wonPaid.paymentId)).toMatchObject({ status: 'succeeded', disputes: [{ status: 'won' }] });

    const lostPaid = await buyPaid();
    const lost = stripe.dispute(lostPaid.intentId);
    await send(disputeEvent('charge.dispute.closed', { ...lost, status: 'lost' }));
    await send(disputeEvent('charge.dispute.created', lost));
    await send(disputeEvent('charge.dispute.updated', { ...lost, status: 'under_review' }));

    expect((await disputed(lostPaid.paymentId)).map((event) => event.status)).toEqual(['lost']);
    expect(await refunded(lostPaid.paymentId)).toEqual([
      expect.objectContaining({ fullyRefunded: true, refundedAmount: 24000 }),
    ]);
    expect(await detail(lostPaid.paymentId)).toMatchObject({ status: 'refunded', disputes: [{ status: 'lost' }] });
  });
});

describe('revenue after refunds and disputes', () => {
  it('nets refunds per currency and takes the settled GBP from Stripe’s figures', async () => {
    const before = await thisWeeksRevenue();
    const gbp = (report: typeof before) => report.totals.find((total) => total.currency === 'GBP');
    const eur = (report: typeof before) => report.totals.find((total) => total.currency === 'EUR');

    const partly = await buyPaid('GBP');
    await refund(partly.paymentId, { amount: 4000 });
    const euros = await buyPaid('EUR');
    await refund(euros.paymentId, { amount: 1000 });
    const lost = await buyPaid('GBP');
    const dispute = stripe.dispute(lost.intentId);
    await send(disputeEvent('charge.dispute.closed', { ...dispute, status: 'lost' }));

    const after = await thisWeeksRevenue();
    expect((gbp(after)?.grossMinor ?? 0) - (gbp(before)?.grossMinor ?? 0)).toBe(48000);
    expect((gbp(after)?.refundedMinor ?? 0) - (gbp(before)?.refundedMinor ?? 0)).toBe(4000 + 24000);
    expect((gbp(after)?.amountMinor ?? 0) - (gbp(before)?.amountMinor ?? 0)).toBe(20000);
    expect((gbp(after)?.payments ?? 0) - (gbp(before)?.payments ?? 0)).toBe(2);
    expect((eur(after)?.amountMinor ?? 0) - (eur(before)?.amountMinor ?? 0)).toBe(euros.amount - 1000);
    expect((eur(after)?.refundedMinor ?? 0) - (eur(before)?.refundedMinor ?? 0)).toBe(1000);
    // GBP: 240 - 40 settled, the lost one nets to 0; EUR: at 0.85, less the €10 refund at 0.85.
    const euroSettled = Math.round((euros.amount / 100) * 0.85 * 100) - Math.round(10 * 0.85 * 100);
    expect(after.settledGbp.amountMinor - before.settledGbp.amountMinor).toBe(20000 + euroSettled);
    expect(after.settledGbp.settledPayments - before.settledGbp.settledPayments).toBe(3);
    expect(after.settledGbp.unsettledPayments).toBe(before.settledGbp.unsettledPayments);
  });
});
