import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type Actor, type PaymentIntentDto, PaymentIntentDtoSchema, Subjects } from '@medtutor/contracts';
import type { Payment } from '../src/generated/prisma/client.js';
import { cancel, pay, SUPERSEDED } from '../src/modules/payments/payment-states.js';
import { type Applied, PaymentRepository } from '../src/modules/payments/payment.repository.js';
import { PaymentsHarness, startPaymentsService } from './support/payments-harness.js';

// The service boots on a fresh database; under a loaded machine that outlasts Jest's 5 s default.
jest.setTimeout(60_000);

let harness: PaymentsHarness;
let payments: PaymentRepository;
let nextUser = 5000;

const openPayment = async (): Promise<Payment> => {
  const actor: Actor = { userId: ++nextUser, role: 'student' };
  const intent: PaymentIntentDto = PaymentIntentDtoSchema.parse(
    await harness.call(
      Subjects.catalogPayments.createPaymentIntent,
      { subject: 'Medical School Support', packageType: 'package5', buyer: null },
      actor,
    ),
  );
  const payment = await payments.transaction((tx) => payments.find(intent.paymentId, tx));
  if (!payment) throw new Error('checkout recorded no payment');
  return payment;
};

/**
 * Holds a transaction open after it applied a transition, until `commit` is called, so another
 * transaction meets its row lock and its change.
 */
function heldOpen(payment: Payment, decide: Parameters<PaymentRepository['apply']>[2]) {
  let commit!: () => void;
  const gate = new Promise<void>((resolve) => (commit = resolve));
  let applied!: () => void;
  const appliedOnce = new Promise<void>((resolve) => (applied = resolve));
  const done = payments.transaction(async (tx) => {
    const result = await payments.apply(tx, payment, decide, null);
    applied();
    await gate;
    return result;
  });
  return { applied: appliedOnce, commit, done };
}

const paidAt = new Date('2027-03-02T10:00:00Z');

beforeAll(async () => {
  harness = await startPaymentsService('payment_repository', {});
  payments = harness.service.app.get(PaymentRepository);
});

afterAll(() => harness?.stop());

describe('PaymentRepository.apply: a conditional update on the expected state', () => {
  it('of two concurrent payments of one checkout, exactly one wins and writes its event', async () => {
    const payment = await openPayment();
    const attempt = () =>
      payments.transaction((tx) => payments.apply(tx, payment, (p) => pay(p, { paidAt, onlyIfOpen: false }), null));

    const results: Applied[] = await Promise.all([attempt(), attempt(), attempt()]);

    expect(results.filter((result) => result.applied)).toHaveLength(1);
    expect(results.filter((result) => !result.applied).map((result) => !result.applied && result.refusal)).toEqual([
      'already_paid',
      'already_paid',
    ]);
    expect(await harness.payment(payment.id)).toMatchObject({ status: 'succeeded' });
    expect(await harness.succeededEvents(payment.id)).toBe(1);
  });

  it('a transition decided on a row that changed meanwhile is decided again on the new row', async () => {
    // The demo's payment (only while open) loses to a cancellation that committed first …
    const demo = await openPayment();
    const cancelling = heldOpen(demo, (p) => cancel(p, SUPERSEDED));
    await cancelling.applied;
    const demoPay = payments.transaction((tx) =>
      payments.apply(tx, demo, (p) => pay(p, { paidAt, onlyIfOpen: true }), null),
    );
    cancelling.commit();
    expect(await cancelling.done).toMatchObject({ applied: true });
    expect(await demoPay).toMatchObject({ applied: false, refusal: 'not_open' });
    expect(await harness.payment(demo.id)).toMatchObject({ status: 'canceled', failure_reason: SUPERSEDED });
    expect(await harness.succeededEvents(demo.id)).toBe(0);

    // … while money the provider took is credited even after the checkout was closed.
    const taken = await openPayment();
    const closing = heldOpen(taken, (p) => cancel(p, SUPERSEDED));
    await closing.applied;
    const providerPay = payments.transaction((tx) =>
      payments.apply(tx, taken, (p) => pay(p, { paidAt, onlyIfOpen: false }), null),
    );
    closing.commit();
    await closing.done;
    expect(await providerPay).toMatchObject({
      applied: true,
      before: { status: 'canceled' },
      payment: { status: 'succeeded' },
    });
    expect(await harness.succeededEvents(taken.id)).toBe(1);
  });

  it('a refused transition writes nothing', async () => {
    const payment = await openPayment();
    const refused = await payments.transaction((tx) =>
      payments.apply(tx, { ...payment, status: 'succeeded' }, (p) => pay(p, { paidAt, onlyIfOpen: false }), null),
    );
    expect(refused).toEqual({ applied: false, refusal: 'already_paid', payment: expect.anything() });
    expect(await harness.payment(payment.id)).toMatchObject({ status: 'pending', paid_at: null });
    expect(await harness.succeededEvents(payment.id)).toBe(0);
  });
});
