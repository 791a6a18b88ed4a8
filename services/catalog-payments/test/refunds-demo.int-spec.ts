import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  type Actor,
  AdminPaymentDetailSchema,
  type CurrencyCode,
  DemoCards,
  ErrorCodes,
  EventTypes,
  PaymentIntentDtoSchema,
  PaymentRefundedV1Schema,
  RefundMessages,
  RevenueByWeekDtoSchema,
  Subjects,
} from '@medtutor/contracts';
import { PaymentsHarness, startPaymentsService } from './support/payments-harness.js';

jest.setTimeout(60_000);

const admin: Actor = { userId: 1, role: 'admin' };
let nextUser = 7000;

let harness: PaymentsHarness;

/** A 5-session Medical School Support package (£240) bought with the demo's succeeding card. */
const buy = async (currency: CurrencyCode = 'GBP') => {
  const buyer: Actor = { userId: ++nextUser, role: 'student' };
  const email = `demo${buyer.userId}@example.com`;
  const intent = PaymentIntentDtoSchema.parse(
    await harness.call(
      Subjects.catalogPayments.createPaymentIntent,
      { subject: 'Medical School Support', packageType: 'package5', currency, buyer: { email, name: null } },
      buyer,
    ),
  );
  await harness.call(
    Subjects.catalogPayments.confirmDemoPayment,
    { paymentId: intent.paymentId, clientSecret: intent.clientSecret, cardNumber: DemoCards.succeeds },
    buyer,
  );
  return { paymentId: intent.paymentId, amount: intent.amount, email };
};

const refund = async (paymentId: string, body: Record<string, unknown> = {}) =>
  AdminPaymentDetailSchema.parse(
    await harness.call(Subjects.catalogPayments.refundPayment, { paymentId, reason: 'Goodwill', ...body }, admin),
  );

const thisWeek = async () =>
  RevenueByWeekDtoSchema.parse(await harness.call(Subjects.catalogPayments.revenueByWeek, { weeks: 1 }, admin));

beforeAll(async () => {
  harness = await startPaymentsService('payments_refunds_demo', {});
});

afterAll(() => harness?.stop());

describe('refunds with the demo provider', () => {
  it('applies a refund at once, through the same path as Stripe’s webhooks', async () => {
    const paid = await buy();

    const reply = await refund(paid.paymentId, { amount: 9600 });

    expect(reply).toMatchObject({
      status: 'partially_refunded',
      refundedAmount: 9600,
      refundableAmount: 14400,
      provider: 'demo',
      settlement: { currency: 'GBP', amount: 24000, exchangeRate: null },
      refunds: [{ amount: 9600, status: 'succeeded', reason: 'Goodwill', requestedBy: admin.userId }],
    });
    expect(reply.refunds[0]?.providerRefundId).toMatch(/^demo_re_[0-9a-f]{24}$/);
    expect(await harness.refunds(paid.paymentId)).toEqual([
      expect.objectContaining({ status: 'succeeded', settlement_amount_minor: 9600 }),
    ]);
    const events = (await harness.events(EventTypes.paymentRefunded, paid.paymentId)).map((data) =>
      PaymentRefundedV1Schema.parse(data),
    );
    expect(events).toEqual([
      expect.objectContaining({ refundedAmount: 9600, fullyRefunded: false, reason: 'Goodwill', amount: 24000 }),
    ]);
    const mails = (await harness.sentMails(paid.email)).map((mail) => mail.subject);
    expect(mails).toEqual(['Your receipt: 5-Session Package, £240.00', 'Your refund: 5-Session Package, £96.00']);
  });

  it('never settles another currency (the demo has no rates) and refunds it in its own unit', async () => {
    const paid = await buy('JPY');

    const reply = await refund(paid.paymentId);

    expect(reply).toMatchObject({ status: 'refunded', refundedAmount: paid.amount, settlement: null });
    expect(await harness.refunds(paid.paymentId)).toEqual([
      expect.objectContaining({ amount_minor: paid.amount, settlement_amount_minor: null }),
    ]);
    expect((await harness.sentMails(paid.email)).at(-1)?.subject).toBe(
      `Your refund: 5-Session Package, ¥${paid.amount}`,
    );
  });

  it('lets two admins at once refund no more than was paid', async () => {
    const paid = await buy();

    const answers = await Promise.allSettled([
      refund(paid.paymentId, { amount: 15000 }),
      refund(paid.paymentId, { amount: 15000 }),
    ]);

    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
    const refused = answers.find((answer) => answer.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toMatchObject({
      code: ErrorCodes.validationFailed,
      message: RefundMessages.tooLarge('£90.00'),
    });
    expect(await harness.payment(paid.paymentId)).toMatchObject({ refunded_minor: 15000 });
    expect(await harness.events(EventTypes.paymentRefunded, paid.paymentId)).toHaveLength(1);
  });

  it('reports revenue net of refunds per currency, the GBP settled, and other currencies unsettled', async () => {
    const before = await thisWeek();
    const pounds = await buy('GBP');
    await refund(pounds.paymentId, { amount: 4000 });
    const dollars = await buy('USD');
    await refund(dollars.paymentId, { amount: 1000 });

    const after = await thisWeek();
    const delta = (currency: CurrencyCode, field: 'amountMinor' | 'grossMinor' | 'refundedMinor' | 'payments') =>
      (after.totals.find((total) => total.currency === currency)?.[field] ?? 0) -
      (before.totals.find((total) => total.currency === currency)?.[field] ?? 0);
    expect(delta('GBP', 'grossMinor')).toBe(24000);
    expect(delta('GBP', 'refundedMinor')).toBe(4000);
    expect(delta('GBP', 'amountMinor')).toBe(20000);
    expect(delta('USD', 'amountMinor')).toBe(dollars.amount - 1000);
    expect(delta('USD', 'payments')).toBe(1);
    expect(after.settledGbp.amountMinor - before.settledGbp.amountMinor).toBe(20000);
    expect(after.settledGbp.settledPayments - before.settledGbp.settledPayments).toBe(1);
    expect(after.settledGbp.unsettledPayments - before.settledGbp.unsettledPayments).toBe(1);
    expect(after.weeks.at(-1)?.settledGbp).toEqual(after.settledGbp);
  });
});
