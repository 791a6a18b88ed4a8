import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  type Actor,
  ErrorCodes,
  PaymentConflictsDtoSchema,
  type PaymentIntentDto,
  PaymentIntentDtoSchema,
  PaymentMessages,
  ServerMessages,
  Subjects,
} from '@medtutor/contracts';
import { secretSafeLoggerOptions } from '@medtutor/nest-kit';
import pg from 'pg';
import { pino } from 'pino';
import Stripe from 'stripe';
import { PaymentSweeper, SWEEPER_LOCK_KEY } from '../src/modules/payments/payment-sweeper.js';
import { ABANDONED, SUPERSEDED } from '../src/modules/payments/payment-states.js';
import { type PaymentsHarness, startPaymentsService } from './support/payments-harness.js';
import { StripeStandIn, stripeAt } from './support/stripe-stand-in.js';

// Stripe's SDK backs off between retries of a failing call; a round of those outlasts Jest's 5 s default.
jest.setTimeout(60_000);

const WEBHOOK_SECRET = 'whsec_test_holds';
const HOLD_MINUTES = 30;
const signer = new Stripe('sk_test_signer');
const admin: Actor = { userId: 1, role: 'admin' };
let nextUser = 5000;
const newStudent = (): Actor => ({ userId: ++nextUser, role: 'student' });

let stripe: StripeStandIn;
let buyerSide: Stripe;
let harness: PaymentsHarness;
let sweeper: PaymentSweeper;
/** Every JSON line the service logged, parsed. */
const logLines: Array<Record<string, unknown>> = [];
const rawLog: string[] = [];

const deliver = (type: string, intentId: string) => {
  const payload = stripe.intentEvent(type, intentId);
  return harness.webhook(payload, signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
};

const createIntent = async (actor: Actor, discountCode?: string): Promise<PaymentIntentDto> =>
  PaymentIntentDtoSchema.parse(
    await harness.call(
      Subjects.catalogPayments.createPaymentIntent,
      {
        subject: 'Medical School Interviews',
        packageType: 'package5',
        buyer: { email: `holds${actor.userId}@example.com`, name: `Buyer ${actor.userId}` },
        discountCode,
      },
      actor,
    ),
  );

const intentIdOf = async (paymentId: string) => (await harness.payment(paymentId))?.provider_payment_id as string;

/** What the buyer's browser does with Stripe.js: confirm the intent; Stripe's refusal comes back as an error. */
const confirmAtStripe = (intentId: string) =>
  buyerSide.paymentIntents.confirm(intentId).then(
    (intent) => intent.status,
    (error: unknown) => (error as { code?: string }).code,
  );

/** Past the hold: what the sweeper sees PAYMENT_HOLD_MINUTES and a minute after now. */
const later = () => new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000);

beforeAll(async () => {
  stripe = new StripeStandIn();
  const apiBase = await stripe.start();
  buyerSide = stripeAt(apiBase);
  // The platform logger's own options (createLogger's), writing to this array.
  const logger = pino(
    { level: 'info', ...secretSafeLoggerOptions() },
    {
      write: (line: string) => {
        rawLog.push(line);
        logLines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  );
  harness = await startPaymentsService(
    'payments_holds',
    {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_holds',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_holds',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: apiBase,
      PAYMENT_HOLD_MINUTES: String(HOLD_MINUTES),
      // The tests run each round themselves.
      PAYMENT_SWEEP_INTERVAL_SECONDS: '3600',
    },
    undefined,
    logger,
  );
  sweeper = harness.service.app.get(PaymentSweeper);
});

beforeEach(() => {
  stripe.failing = false;
  stripe.failingCancels = false;
});

afterAll(async () => {
  await harness?.stop();
  await stripe?.stop();
});

describe('a superseded checkout (the buyer starts another)', () => {
  it('keeps its hold when Stripe will not cancel its intent, so the intent paid later spends the code cleanly', async () => {
    const buyer = newStudent();
    const code = await harness.newCode(admin);
    const first = await createIntent(buyer, code);
    const firstIntent = await intentIdOf(first.paymentId);

    stripe.failingCancels = true;
    const second = await createIntent(buyer);
    stripe.failingCancels = false;

    expect(stripe.cancels().map((request) => request.path)).toContain(`/v1/payment_intents/${firstIntent}/cancel`);
    expect(await harness.payment(first.paymentId)).toMatchObject({ status: 'pending' });
    expect(await harness.code(code)).toMatchObject({ status: 'reserved', reserved_for_payment_id: first.paymentId });
    expect(
      await harness.callError(
        Subjects.catalogPayments.createPaymentIntent,
        { subject: 'Medical School Interviews', discountCode: code },
        newStudent(),
      ),
    ).toMatchObject({ code: ErrorCodes.discountCodeInvalid });

    expect(await confirmAtStripe(firstIntent)).toBe('succeeded');
    await deliver('payment_intent.succeeded', firstIntent);
    expect(await harness.payment(first.paymentId)).toMatchObject({ status: 'succeeded', conflict_at: null });
    expect(await harness.code(code)).toMatchObject({ status: 'spent', reserved_for_payment_id: first.paymentId });
    expect(await harness.payment(second.paymentId)).toMatchObject({ status: 'pending' });
  });

  it('is cancelled at Stripe before its hold is given back, and its intent can no longer be paid', async () => {
    const buyer = newStudent();
    const code = await harness.newCode(admin);
    const first = await createIntent(buyer, code);
    const firstIntent = await intentIdOf(first.paymentId);

    await createIntent(buyer);

    expect(stripe.intents.get(firstIntent)?.status).toBe('canceled');
    expect(await harness.payment(first.paymentId)).toMatchObject({ status: 'canceled', failure_reason: SUPERSEDED });
    expect(await harness.code(code)).toMatchObject({ status: 'available', reserved_for_payment_id: null });
    expect(await confirmAtStripe(firstIntent)).toBe('payment_intent_unexpected_state');
    const other = await createIntent(newStudent(), code);
    expect(other.discountApplied).toBe(true);
  });

  it('that Stripe already took is fulfilled instead of cancelled (the webhook had not arrived)', async () => {
    const buyer = newStudent();
    const code = await harness.newCode(admin);
    const first = await createIntent(buyer, code);
    const firstIntent = await intentIdOf(first.paymentId);
    expect(await confirmAtStripe(firstIntent)).toBe('succeeded');

    await createIntent(buyer);

    expect(await harness.payment(first.paymentId)).toMatchObject({ status: 'succeeded', conflict_at: null });
    expect(await harness.code(code)).toMatchObject({ status: 'spent', reserved_for_payment_id: first.paymentId });
    expect(await harness.succeededEvents(first.paymentId)).toBe(1);
  });
});

describe('the abandoned-checkout sweeper', () => {
  it('leaves checkouts younger than PAYMENT_HOLD_MINUTES alone', async () => {
    const code = await harness.newCode(admin);
    const young = await createIntent(newStudent(), code);
    const cancelsBefore = stripe.cancels().length;

    await sweeper.sweepOnce(new Date(Date.now() + (HOLD_MINUTES - 1) * 60_000));

    expect(stripe.cancels()).toHaveLength(cancelsBefore);
    expect(await harness.payment(young.paymentId)).toMatchObject({ status: 'pending' });
    expect(await harness.code(code)).toMatchObject({ status: 'reserved', reserved_for_payment_id: young.paymentId });
  });

  it('keeps an expired checkout and its hold while Stripe will not cancel; then cancels it, and it cannot be paid', async () => {
    const code = await harness.newCode(admin);
    const expired = await createIntent(newStudent(), code);
    const intentId = await intentIdOf(expired.paymentId);

    stripe.failingCancels = true;
    const refused = await sweeper.sweepOnce(later());
    stripe.failingCancels = false;

    expect(refused).toMatchObject({ kept: expect.any(Number) });
    expect(await harness.payment(expired.paymentId)).toMatchObject({ status: 'pending' });
    expect(await harness.code(code)).toMatchObject({ status: 'reserved', reserved_for_payment_id: expired.paymentId });
    expect(
      (
        await harness.callError(
          Subjects.catalogPayments.createPaymentIntent,
          { subject: 'Medical School Interviews', discountCode: code },
          newStudent(),
        )
      ).code,
    ).toBe(ErrorCodes.discountCodeInvalid);

    const swept = await sweeper.sweepOnce(later());

    expect(swept).toMatchObject({ kept: 0 });
    expect(stripe.intents.get(intentId)?.status).toBe('canceled');
    expect(await harness.payment(expired.paymentId)).toMatchObject({ status: 'canceled', failure_reason: ABANDONED });
    expect(await harness.code(code)).toMatchObject({ status: 'available', reserved_for_payment_id: null });
    expect(await confirmAtStripe(intentId)).toBe('payment_intent_unexpected_state');
    expect((await createIntent(newStudent(), code)).discountApplied).toBe(true);
  });

  it('fulfils an expired checkout Stripe had already taken, spending its code once', async () => {
    const buyer = newStudent();
    const code = await harness.newCode(admin);
    const paid = await createIntent(buyer, code);
    expect(await confirmAtStripe(await intentIdOf(paid.paymentId))).toBe('succeeded');

    expect(await sweeper.sweepOnce(later())).toMatchObject({ paid: 1 });

    expect(await harness.payment(paid.paymentId)).toMatchObject({ status: 'succeeded', conflict_at: null });
    expect(await harness.code(code)).toMatchObject({ status: 'spent', used_by: buyer.userId });
    expect(await harness.succeededEvents(paid.paymentId)).toBe(1);
  });

  it('finds the intent of a checkout whose Stripe answer was never stored, through the same idempotency key', async () => {
    const code = await harness.newCode(admin);
    const lost = await createIntent(newStudent(), code);
    const intentId = await intentIdOf(lost.paymentId);
    await harness.sql.query('UPDATE payments SET provider_payment_id = NULL WHERE id = $1', [lost.paymentId]);

    await sweeper.sweepOnce(later());

    expect(stripe.intents.get(intentId)?.status).toBe('canceled');
    expect(await harness.payment(lost.paymentId)).toMatchObject({ status: 'canceled', provider_payment_id: intentId });
    expect(await harness.code(code)).toMatchObject({ status: 'available' });
  });

  it('runs in one replica at a time: while another holds the advisory lock, a round does nothing', async () => {
    const code = await harness.newCode(admin);
    const waiting = await createIntent(newStudent(), code);
    const otherReplica = new pg.Client({ connectionString: harness.service.db.url });
    await otherReplica.connect();
    try {
      await otherReplica.query('SELECT pg_advisory_lock($1)', [SWEEPER_LOCK_KEY]);
      const cancelsBefore = stripe.cancels().length;

      const rounds = await Promise.all([sweeper.sweepOnce(later()), sweeper.sweepOnce(later())]);

      expect(rounds).toEqual(['locked', 'locked']);
      expect(stripe.cancels()).toHaveLength(cancelsBefore);
      expect(await harness.payment(waiting.paymentId)).toMatchObject({ status: 'pending' });
      await otherReplica.query('SELECT pg_advisory_unlock($1)', [SWEEPER_LOCK_KEY]);

      const both = await Promise.all([sweeper.sweepOnce(later()), sweeper.sweepOnce(later())]);
      expect(both.filter((round) => round === 'locked').length).toBeLessThanOrEqual(1);
      expect(await harness.payment(waiting.paymentId)).toMatchObject({ status: 'canceled' });
      const intentId = await intentIdOf(waiting.paymentId);
      expect(stripe.cancels().filter((request) => request.path.includes(`${intentId}/`))).toHaveLength(1);
    } finally {
      await otherReplica.end();
    }
  });
});

describe('a payment Stripe took after its code had gone to another payment', () => {
  it('is credited as usual, flagged with a reason, logged at error level and listed for admins only', async () => {
    const code = await harness.newCode(admin);
    // A checkout from before holds outlived their intents: its hold was given back while its intent stayed payable.
    const early = newStudent();
    const earlier = await createIntent(early, code);
    await harness.sql.query(
      `UPDATE discount_codes SET status = 'available', reserved_by = NULL, reserved_for_payment_id = NULL WHERE code = $1`,
      [code],
    );
    const winner = newStudent();
    const won = await createIntent(winner, code);
    expect(await confirmAtStripe(await intentIdOf(won.paymentId))).toBe('succeeded');
    await deliver('payment_intent.succeeded', await intentIdOf(won.paymentId));

    expect(await confirmAtStripe(await intentIdOf(earlier.paymentId))).toBe('succeeded');
    await deliver('payment_intent.succeeded', await intentIdOf(earlier.paymentId));

    expect(await harness.code(code)).toMatchObject({ status: 'spent', used_by: winner.userId });
    expect(await harness.payment(won.paymentId)).toMatchObject({ status: 'succeeded', conflict_at: null });
    expect(await harness.payment(earlier.paymentId)).toMatchObject({
      status: 'succeeded',
      conflict_reason: PaymentMessages.codeConflict,
      conflict_at: expect.any(Date),
    });
    expect(await harness.succeededEvents(earlier.paymentId)).toBe(1);
    expect(await harness.receipts(`holds${early.userId}@example.com`)).toHaveLength(1);
    expect(logLines).toContainEqual(
      expect.objectContaining({ level: 50, paymentId: earlier.paymentId, code, userId: early.userId }),
    );

    const listed = PaymentConflictsDtoSchema.parse(
      await harness.call(Subjects.catalogPayments.listPaymentConflicts, {}, admin),
    );
    expect(listed.total).toBeGreaterThanOrEqual(1);
    expect(listed.conflicts).toContainEqual({
      paymentId: earlier.paymentId,
      userId: early.userId,
      buyerName: `Buyer ${early.userId}`,
      buyerEmail: `holds${early.userId}@example.com`,
      packageName: '5-Session Package',
      currency: 'GBP',
      amount: 16000,
      formattedPrice: '£160.00',
      discountCode: code,
      reason: PaymentMessages.codeConflict,
      paidAt: expect.any(String),
    });
    expect(listed.conflicts.map((conflict) => conflict.paymentId)).not.toContain(won.paymentId);
    expect(await harness.callError(Subjects.catalogPayments.listPaymentConflicts, {}, early)).toEqual({
      code: ErrorCodes.forbidden,
      message: ServerMessages.forbidden,
    });
    expect((await harness.callError(Subjects.catalogPayments.listPaymentConflicts, {}, null)).code).toBe(
      ErrorCodes.unauthenticated,
    );
  });
});

describe('error logs', () => {
  it("carry the error's message and stack as fields of a JSON line, never [object Object]", async () => {
    const from = logLines.length;
    const buyer = newStudent();
    await createIntent(buyer);
    stripe.failingCancels = true;
    await createIntent(buyer); // the first checkout cannot be cancelled: a warning
    stripe.failing = true;
    expect(
      (
        await harness.callError(
          Subjects.catalogPayments.createPaymentIntent,
          { subject: 'Medical School Interviews' },
          newStudent(),
        )
      ).code,
    ).toBe(ErrorCodes.paymentProviderUnavailable);
    stripe.failing = false;

    const lines = logLines.slice(from);
    expect(lines.find((line) => line.msg === 'payment provider refused or did not answer')).toMatchObject({
      level: 50,
      paymentId: expect.any(String),
      err: {
        type: 'ProviderUnavailableError',
        message: expect.stringContaining('stand-in is failing'),
        stack: expect.stringContaining('payment provider call failed'),
        cause: { type: 'StripeAPIError', message: 'stand-in is failing', stack: expect.any(String) },
      },
    });
    expect(lines.find((line) => line.msg === 'could not cancel the intent: the hold is kept')).toMatchObject({
      level: 40,
      err: { message: 'stand-in is failing cancels', stack: expect.stringContaining('stand-in is failing cancels') },
    });
    expect(rawLog.filter((line) => line.includes('[object Object]'))).toEqual([]);
  });
});
