import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  type Actor,
  type PaymentIntentDto,
  PaymentIntentDtoSchema,
  PaymentMessages,
  Subjects,
} from '@medtutor/contracts';
import Stripe from 'stripe';
import { type PaymentsHarness, startPaymentsService } from './support/payments-harness.js';
import { StripeStandIn, stripeAt } from './support/stripe-stand-in.js';

// Stripe's SDK backs off between retries of a failing call; a round of those outlasts Jest's 5 s default.
jest.setTimeout(60_000);

const WEBHOOK_SECRET = 'whsec_test_race';
const signer = new Stripe('sk_test_signer');
const admin: Actor = { userId: 1, role: 'admin' };
let nextUser = 7000;
const newStudent = (): Actor => ({ userId: ++nextUser, role: 'student' });

let stripe: StripeStandIn;
let buyerSide: Stripe;
let harness: PaymentsHarness;

const deliver = (intentId: string) => {
  const payload = stripe.intentEvent('payment_intent.succeeded', intentId);
  return harness.webhook(payload, signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
};

const createIntent = async (actor: Actor, discountCode: string): Promise<PaymentIntentDto> =>
  PaymentIntentDtoSchema.parse(
    await harness.call(
      Subjects.catalogPayments.createPaymentIntent,
      {
        subject: 'Medical School Support',
        packageType: 'package10',
        buyer: { email: `race${actor.userId}@example.com`, name: null },
        discountCode,
      },
      actor,
    ),
  );

const intentIdOf = async (paymentId: string) => (await harness.payment(paymentId))?.provider_payment_id as string;

/** The buyer pays on Stripe's form (refused for a cancelled intent), then Stripe's webhook arrives. */
const payAtStripe = async (paymentId: string) => {
  const intentId = await intentIdOf(paymentId);
  const paid = await buyerSide.paymentIntents.confirm(intentId).then(
    () => true,
    (error: unknown) => {
      expect((error as { code?: string }).code).toBe('payment_intent_unexpected_state');
      return false;
    },
  );
  if (paid) await deliver(intentId);
};

beforeAll(async () => {
  stripe = new StripeStandIn();
  const apiBase = await stripe.start();
  buyerSide = stripeAt(apiBase);
  harness = await startPaymentsService('payments_race', {
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_race',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_race',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: apiBase,
    PAYMENT_SWEEP_INTERVAL_SECONDS: '3600',
  });
});

afterAll(async () => {
  await harness?.stop();
  await stripe?.stop();
});

interface PaymentRow {
  id: string;
  user_id: number;
  status: string;
  paid_at: Date | null;
  provider_payment_id: string | null;
  conflict_reason: string | null;
}

describe('one code, 50 concurrent attempts across several users and intents', () => {
  it('is spent exactly once; later payments are credited and flagged; nothing is half-written', async () => {
    const code = await harness.newCode(admin, 40);
    // Four payable checkouts carrying the code whose holds were given back without cancelling their
    // intents (what the service did before this fix): the worst case the race can start from.
    const legacy: Array<{ buyer: Actor; paymentId: string }> = [];
    for (let i = 0; i < 4; i++) {
      const buyer = newStudent();
      legacy.push({ buyer, paymentId: (await createIntent(buyer, code)).paymentId });
      await harness.sql.query(
        `UPDATE discount_codes SET status = 'available', reserved_by = NULL, reserved_for_payment_id = NULL WHERE code = $1`,
        [code],
      );
    }
    const racers = Array.from({ length: 10 }, newStudent);
    const chains = new Map<Actor, Promise<unknown>>();
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    const attempts: Array<() => Promise<unknown>> = [
      // 30 checkouts with the code, three per racer one after another, racers side by side: the first two
      // are left (each superseded by the next, which cancels it and frees its hold), the third is paid.
      ...Array.from({ length: 30 }, (_, i) => () => {
        const racer = racers[i % racers.length] as Actor;
        const pays = i >= 20;
        const attempt = (chains.get(racer) ?? Promise.resolve()).then(async () => {
          const intent = await createIntent(racer, code).catch(() => null);
          if (intent && pays) await payAtStripe(intent.paymentId);
        });
        chains.set(racer, attempt);
        return attempt;
      }),
      // 12 legacy buyers paying at staggered moments, some twice (Stripe refuses the second confirmation).
      ...Array.from({ length: 12 }, (_, i) => async () => {
        await pause((i * 13) % 60);
        await payAtStripe((legacy[i % legacy.length] as { paymentId: string }).paymentId);
      }),
      // 8 success pages asking about legacy payments (the service asks Stripe and fulfils a paid one).
      ...Array.from({ length: 8 }, (_, i) => {
        const { buyer, paymentId } = legacy[i % legacy.length] as { buyer: Actor; paymentId: string };
        return async () => {
          await pause((i * 17) % 60);
          return harness.call(Subjects.catalogPayments.getPayment, { paymentId }, buyer);
        };
      }),
    ];
    expect(attempts).toHaveLength(50);
    await Promise.all(attempts.map((attempt) => attempt()));

    const codeRow = await harness.code(code);
    const payments = (await harness.sql.query<PaymentRow>('SELECT * FROM payments WHERE discount_code = $1', [code]))
      .rows;
    const succeeded = payments.filter((payment) => payment.status === 'succeeded');
    const unflagged = succeeded.filter((payment) => payment.conflict_reason === null);
    // The run's figures for CI's log (the interleaving, hence the split, differs from run to run).
    const canceled = payments.filter((payment) => payment.status === 'canceled').length;
    process.stdout.write(
      `payments race: ${attempts.length} attempts, ${payments.length} checkouts with the code: ` +
        `${unflagged.length} spent it, ${succeeded.length - unflagged.length} paid and flagged, ${canceled} canceled\n`,
    );

    // Spent exactly once, by the one succeeded payment without a conflict.
    expect(codeRow).toMatchObject({ status: 'spent' });
    expect(unflagged).toHaveLength(1);
    expect(codeRow?.reserved_for_payment_id).toBe(unflagged[0]?.id);
    expect(codeRow?.used_by).toBe(unflagged[0]?.user_id);
    expect(succeeded.length).toBeGreaterThanOrEqual(4); // every legacy buyer paid
    for (const payment of succeeded.filter((row) => row.conflict_reason !== null)) {
      expect(payment.conflict_reason).toBe(PaymentMessages.codeConflict);
    }

    for (const payment of payments) {
      const intent = payment.provider_payment_id ? stripe.intents.get(payment.provider_payment_id) : undefined;
      const paid = payment.status === 'succeeded';
      // Money Stripe took is always credited, and nothing is credited that Stripe did not take.
      expect({ id: payment.id, paid }).toEqual({ id: payment.id, paid: intent?.status === 'succeeded' });
      // The payment and its event were written together, or neither.
      expect({
        id: payment.id,
        events: await harness.succeededEvents(payment.id),
        paidAt: payment.paid_at !== null,
      }).toEqual({ id: payment.id, events: paid ? 1 : 0, paidAt: paid });
      // A payment that is not paid is closed only once its intent can no longer be paid.
      if (payment.status === 'canceled') expect(intent?.status ?? 'canceled').toBe('canceled');
    }
    expect(payments.filter((payment) => payment.status === 'pending' || payment.status === 'requires_action')).toEqual(
      [],
    );
    // One receipt per paid payment, none for the others.
    expect(
      await harness.row(`SELECT count(*)::int AS n FROM outbound_emails WHERE to_address LIKE 'race%@example.com'`),
    ).toEqual({ n: succeeded.length });
  });
});
