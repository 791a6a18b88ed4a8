import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  type Actor,
  DemoCards,
  DemoConfirmReplySchema,
  ErrorCodes,
  EventTypes,
  type PaymentIntentDto,
  PaymentIntentDtoSchema,
  PaymentMessages,
  Subjects,
} from '@medtutor/contracts';
import { PaymentsHarness, SEED_1, startPaymentsService, webhookRequest } from './support/payments-harness.js';

// The service boots on a fresh database; under a loaded machine that outlasts Jest's 5 s default.
jest.setTimeout(60_000);

let harness: PaymentsHarness;
let nextUser = 2000;
const newStudent = (): Actor => ({ userId: ++nextUser, role: 'student' });

const createIntent = async (actor: Actor, body: Record<string, unknown> = {}): Promise<PaymentIntentDto> =>
  PaymentIntentDtoSchema.parse(
    await harness.call(
      Subjects.catalogPayments.createPaymentIntent,
      {
        subject: 'Medical School Support',
        packageType: 'package5',
        buyer: { email: `demo${actor.userId}@example.com`, name: null },
        ...body,
      },
      actor,
    ),
  );

const confirm = async (actor: Actor, intent: PaymentIntentDto, cardNumber: string, authentication?: string) =>
  DemoConfirmReplySchema.parse(
    await harness.call(
      Subjects.catalogPayments.confirmDemoPayment,
      { paymentId: intent.paymentId, clientSecret: intent.clientSecret, cardNumber, authentication },
      actor,
    ),
  );

beforeAll(async () => {
  // No Stripe key and no PAYMENTS_PROVIDER: outside production that means the demo provider.
  harness = await startPaymentsService('payments_demo', {});
});

afterAll(() => harness?.stop());

describe('the demo provider', () => {
  it('issues its own client secret and no publishable key', async () => {
    const intent = await createIntent(newStudent());

    expect(intent).toMatchObject({ provider: 'demo', publishableKey: null, amount: 24000, formattedPrice: '£240.00' });
    expect(intent.clientSecret).toMatch(/^demo_pi_[0-9a-f]{32}_secret_/);
  });

  it('4242 4242 4242 4242 succeeds through the one fulfilment path: paid, code spent, one event, one receipt', async () => {
    const buyer = newStudent();
    const intent = await createIntent(buyer, { discountCode: SEED_1 });

    expect(await confirm(buyer, intent, '4242 4242 4242 4242')).toEqual({ status: 'succeeded', message: null });
    expect(await harness.payment(intent.paymentId)).toMatchObject({ status: 'succeeded', amount_minor: 23900 });
    expect(await harness.code(SEED_1)).toMatchObject({ status: 'spent', used_by: buyer.userId });
    expect(await harness.succeededEvents(intent.paymentId)).toBe(1);
    // The buyer's address goes with it: tutoring keeps a buyer's requests past the never-bought period.
    expect(await harness.events(EventTypes.paymentSucceeded, intent.paymentId)).toEqual([
      expect.objectContaining({ userId: buyer.userId, buyerEmail: `demo${buyer.userId}@example.com` }),
    ]);
    expect(await harness.receipts(`demo${buyer.userId}@example.com`)).toHaveLength(1);
    expect(
      await harness.callError(
        Subjects.catalogPayments.confirmDemoPayment,
        { paymentId: intent.paymentId, clientSecret: intent.clientSecret, cardNumber: DemoCards.succeeds },
        buyer,
      ),
    ).toEqual({ code: ErrorCodes.paymentNotPending, message: PaymentMessages.paymentNotPending });
    expect(await harness.succeededEvents(intent.paymentId)).toBe(1);
  });

  it('the declining card fails the payment with the decline message and releases the code', async () => {
    const admin: Actor = { userId: 1, role: 'admin' };
    const code = await harness.newCode(admin);
    const buyer = newStudent();
    const intent = await createIntent(buyer, { discountCode: code });

    expect(await confirm(buyer, intent, DemoCards.declines)).toEqual({
      status: 'failed',
      message: PaymentMessages.cardDeclined,
    });
    expect(await harness.payment(intent.paymentId)).toMatchObject({ status: 'failed' });
    expect(await harness.code(code)).toMatchObject({ status: 'available' });
    expect(await harness.succeededEvents(intent.paymentId)).toBe(0);
  });

  it('the authentication card asks first, then succeeds on approve', async () => {
    const buyer = newStudent();
    const intent = await createIntent(buyer);

    expect(await confirm(buyer, intent, DemoCards.requiresAuthentication)).toEqual({
      status: 'requires_action',
      message: null,
    });
    expect(await harness.payment(intent.paymentId)).toMatchObject({ status: 'requires_action' });
    expect(await confirm(buyer, intent, DemoCards.requiresAuthentication, 'approve')).toEqual({
      status: 'succeeded',
      message: null,
    });
    expect(await harness.succeededEvents(intent.paymentId)).toBe(1);
  });

  it('the authentication card fails when the buyer fails the check', async () => {
    const buyer = newStudent();
    const intent = await createIntent(buyer);
    await confirm(buyer, intent, DemoCards.requiresAuthentication);

    expect(await confirm(buyer, intent, DemoCards.requiresAuthentication, 'fail')).toEqual({
      status: 'failed',
      message: PaymentMessages.authenticationFailed,
    });
    expect(await harness.succeededEvents(intent.paymentId)).toBe(0);
  });

  it('an approval sent without the authentication step first does not skip it', async () => {
    const buyer = newStudent();
    const intent = await createIntent(buyer);

    expect((await confirm(buyer, intent, DemoCards.requiresAuthentication, 'approve')).status).toBe('requires_action');
    expect(await harness.succeededEvents(intent.paymentId)).toBe(0);
  });

  it('refuses an unknown card, another user, and a wrong client secret, changing nothing', async () => {
    const buyer = newStudent();
    const intent = await createIntent(buyer);

    expect(
      await harness.callError(
        Subjects.catalogPayments.confirmDemoPayment,
        { paymentId: intent.paymentId, clientSecret: intent.clientSecret, cardNumber: '5555555555554444' },
        buyer,
      ),
    ).toEqual({ code: ErrorCodes.validationFailed, message: PaymentMessages.demoCardUnknown });
    for (const [actor, clientSecret] of [
      [newStudent(), intent.clientSecret],
      [buyer, `${intent.clientSecret}x`],
    ] as const) {
      expect(
        (
          await harness.callError(
            Subjects.catalogPayments.confirmDemoPayment,
            { paymentId: intent.paymentId, clientSecret, cardNumber: DemoCards.succeeds },
            actor,
          )
        ).code,
      ).toBe(ErrorCodes.notFound);
    }
    expect(
      (await harness.callError(Subjects.catalogPayments.getPayment, { paymentId: intent.paymentId }, newStudent()))
        .code,
    ).toBe(ErrorCodes.notFound);
    expect(await harness.payment(intent.paymentId)).toMatchObject({ status: 'pending' });
  });

  it('a superseded checkout is cancelled for good: its confirmation is refused and its code is free again', async () => {
    const admin: Actor = { userId: 1, role: 'admin' };
    const code = await harness.newCode(admin);
    const buyer = newStudent();
    const first = await createIntent(buyer, { discountCode: code });

    await createIntent(buyer);

    expect(await harness.payment(first.paymentId)).toMatchObject({ status: 'canceled' });
    expect(await harness.code(code)).toMatchObject({ status: 'available' });
    expect(
      await harness.callError(
        Subjects.catalogPayments.confirmDemoPayment,
        { paymentId: first.paymentId, clientSecret: first.clientSecret, cardNumber: DemoCards.succeeds },
        buyer,
      ),
    ).toEqual({ code: ErrorCodes.paymentNotPending, message: PaymentMessages.paymentNotPending });
    expect(await harness.succeededEvents(first.paymentId)).toBe(0);
  });

  it('of a confirmation racing the checkout that supersedes it, the payment is either paid or cancelled, never both', async () => {
    const admin: Actor = { userId: 1, role: 'admin' };
    const code = await harness.newCode(admin);
    const buyer = newStudent();
    const first = await createIntent(buyer, { discountCode: code });

    const [confirmed] = await Promise.all([
      harness
        .call(
          Subjects.catalogPayments.confirmDemoPayment,
          { paymentId: first.paymentId, clientSecret: first.clientSecret, cardNumber: DemoCards.succeeds },
          buyer,
        )
        .then(
          () => 'paid',
          () => 'refused',
        ),
      createIntent(buyer),
    ]);

    const row = await harness.payment(first.paymentId);
    expect(row?.status).toBe(confirmed === 'paid' ? 'succeeded' : 'canceled');
    expect(await harness.code(code)).toMatchObject({ status: confirmed === 'paid' ? 'spent' : 'available' });
    expect(await harness.succeededEvents(first.paymentId)).toBe(confirmed === 'paid' ? 1 : 0);
  });

  it('two checkouts of one buyer at once with one code (a double click) both get the discount; only the later stays open', async () => {
    const admin: Actor = { userId: 1, role: 'admin' };
    for (let round = 0; round < 5; round++) {
      const code = await harness.newCode(admin);
      const buyer = newStudent();

      const both = await Promise.all([
        createIntent(buyer, { discountCode: code }),
        createIntent(buyer, { discountCode: code }),
      ]);

      expect(both.map((intent) => intent.discountApplied)).toEqual([true, true]);
      const rows = await Promise.all(both.map((intent) => harness.payment(intent.paymentId)));
      const open = rows.filter((row) => row?.status === 'pending');
      expect(open).toHaveLength(1);
      expect(rows.filter((row) => row?.status === 'canceled')).toHaveLength(1);
      expect(await harness.code(code)).toMatchObject({ status: 'reserved', reserved_for_payment_id: open[0]?.id });
    }
  });

  it('has no webhook: a delivery is refused as unsigned', async () => {
    expect(
      await harness.callError(Subjects.catalogPayments.handleProviderWebhook, webhookRequest('{}', 't=1,v1=x'), null),
    ).toEqual({
      code: ErrorCodes.webhookSignatureInvalid,
      message: PaymentMessages.webhookSignatureInvalid,
    });
  });
});
