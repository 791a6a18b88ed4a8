import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type Actor, EventTypes, type PaymentIntentDto, PaymentIntentDtoSchema, Subjects } from '@medtutor/contracts';
import { eventually, testActorKeys } from '@medtutor/nest-kit/testing';
import Stripe from 'stripe';
import { paymentsCli } from '../src/cli/payments-cli.js';
import { PaymentsHarness, startPaymentsService } from './support/payments-harness.js';
import { StripeStandIn } from './support/stripe-stand-in.js';

// The service boots on a fresh database; under a loaded machine that outlasts Jest's 5 s default.
jest.setTimeout(60_000);

const WEBHOOK_SECRET = 'whsec_test_medtutor';
const signer = new Stripe('sk_test_signer');
let nextUser = 5000;
const newStudent = (): Actor => ({ userId: ++nextUser, role: 'student' });
const emailOf = (actor: Actor) => `buyer${actor.userId}@example.com`;

let stripe: StripeStandIn;
let harness: PaymentsHarness;
/** catalog-payments' settings, as the command finds them in the service's pod. */
let serviceEnv: Record<string, string>;

const createIntent = async (actor: Actor): Promise<PaymentIntentDto> =>
  PaymentIntentDtoSchema.parse(
    await harness.call(
      Subjects.catalogPayments.createPaymentIntent,
      {
        subject: 'Medical School Interviews',
        packageType: 'package5',
        currency: 'GBP',
        buyer: { email: emailOf(actor), name: 'Ada Lovelace' },
      },
      actor,
    ),
  );

const intentIdOf = async (paymentId: string) => (await harness.payment(paymentId))?.provider_payment_id as string;

/** Stripe's webhook for the intent as it stands, signed and delivered through the gateway's door. */
const deliver = (type: string, intentId: string) => {
  const payload = stripe.intentEvent(type, intentId);
  return harness.webhook(payload, signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
};

/** `npm run payments -- …` in this process: its exit code and what it printed. */
async function payments(argv: string[], env = serviceEnv) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await paymentsCli(argv, env, {
    print: (text) => stdout.push(...text.split('\n')),
    error: (text) => stderr.push(...text.split('\n')),
  });
  return { code, stdout, stderr };
}

const reconcileSince = (...extra: string[]) => payments(['reconcile', '--since', '1h', ...extra]);

beforeAll(async () => {
  stripe = new StripeStandIn();
  // Two objects a page: the command must follow Stripe's pages to see every intent.
  stripe.listPageSize = 2;
  const apiBase = await stripe.start();
  const stripeEnv = {
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_medtutor',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_medtutor',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: apiBase,
  };
  harness = await startPaymentsService('medtutor_h5_reconcile', stripeEnv);
  serviceEnv = {
    ...stripeEnv,
    NODE_ENV: 'test',
    ACTOR_VERIFY_KEYS: testActorKeys.env.ACTOR_VERIFY_KEYS,
    PAYMENTS_DATABASE_URL: harness.service.db.url,
    NATS_URL: harness.service.nats.url,
    MAIL_FROM: 'MedPath Tutoring <no-reply@example.com>',
    MAIL_OUTBOX_DIR: harness.mailDir,
  };
});

afterAll(async () => {
  await harness?.stop();
  await stripe?.stop();
});

describe('npm run payments -- reconcile', () => {
  it('finds a payment whose webhook never arrived, credits it once with --repair, and then finds nothing', async () => {
    const buyer = newStudent();
    const lost = await createIntent(buyer);
    const lostIntent = await intentIdOf(lost.paymentId);
    // Around it: a payment whose webhook came, and one the buyer has not paid yet. Neither differs.
    const delivered = await createIntent(newStudent());
    stripe.setStatus(await intentIdOf(delivered.paymentId), 'succeeded');
    await deliver('payment_intent.succeeded', await intentIdOf(delivered.paymentId));
    await createIntent(newStudent());
    // The buyer paid on Stripe's form; Stripe's webhook never reached us.
    stripe.setStatus(lostIntent, 'succeeded');
    const chargedAt = new Date(stripe.chargeOf(lostIntent).created * 1000);

    const report = await reconcileSince();
    expect(report.code).toBe(2);
    expect(report.stdout).toEqual([
      `paid_at_stripe_not_here payment=${lost.paymentId} stripe=${lostIntent} here=pending ${lost.amount} GBP ` +
        `at_stripe=succeeded ${lost.amount} GBP → repairable with --repair`,
      expect.stringMatching(
        /: 3 payment intents and 0 refunds at Stripe, 3 payments here; 1 differences, 0 repaired, 1 left\.$/,
      ),
    ]);
    // Stripe's list was read page by page (two a page), from the time asked.
    const lists = stripe.requests.filter(
      (request) => request.method === 'GET' && request.path === '/v1/payment_intents',
    );
    expect(lists.length).toBeGreaterThanOrEqual(2);
    expect(Number(lists[0]?.form['created[gte]'])).toBeCloseTo(Date.now() / 1000 - 3600, -1);
    // A report changes nothing.
    expect(await harness.payment(lost.paymentId)).toMatchObject({ status: 'pending' });
    expect(await harness.succeededEvents(lost.paymentId)).toBe(0);

    const repaired = await reconcileSince('--repair');
    expect(repaired.code).toBe(0);
    expect(repaired.stdout[0]).toMatch(new RegExp(`^paid_at_stripe_not_here payment=${lost.paymentId} .* → repaired$`));
    expect(repaired.stdout[1]).toMatch(
      /1 differences, 1 repaired, 0 left \(events marked reconcile-[0-9a-f-]{36}\)\.$/,
    );
    // No personal data in the report.
    expect([...report.stdout, ...repaired.stdout].join('\n')).not.toMatch(/@example\.com|Ada|Lovelace/);

    // Paid as the webhook would have: at Stripe's charge time, one payment_succeeded (the package's credit), one receipt.
    expect(await harness.payment(lost.paymentId)).toMatchObject({ status: 'succeeded', paid_at: chargedAt });
    const [event, ...more] = await harness.events(EventTypes.paymentSucceeded, lost.paymentId);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ paymentId: lost.paymentId, userId: buyer.userId, hours: 5, amount: lost.amount });
    expect(await harness.receipts(emailOf(buyer))).toHaveLength(1);
    // The settlement Stripe's balance transaction holds, learnt on the way as the confirmation path does.
    expect(await harness.payment(lost.paymentId)).toMatchObject({ provider_charge_id: stripe.chargeOf(lostIntent).id });
    // The running service's relay publishes what the command wrote.
    await eventually(
      async () =>
        (
          await harness.row<{ published: boolean }>(
            `SELECT published_at IS NOT NULL AS published FROM outbox_events
              WHERE type = $1 AND payload->'data'->>'paymentId' = $2`,
            [EventTypes.paymentSucceeded, lost.paymentId],
          )
        )?.published,
      10_000,
      'the payment_succeeded event published by the service',
    );

    // Run twice: nothing left. The webhook arriving late: nothing changes either.
    const again = await reconcileSince('--repair');
    expect(again.code).toBe(0);
    expect(again.stdout).toEqual([expect.stringMatching(/; 0 differences, 0 repaired, 0 left\.$/)]);
    await deliver('payment_intent.succeeded', lostIntent);
    expect(await harness.succeededEvents(lost.paymentId)).toBe(1);
    expect(await harness.receipts(emailOf(buyer))).toHaveLength(1);
  });

  it('records a refund made at Stripe whose webhook never arrived, through the money-back path, once', async () => {
    const buyer = newStudent();
    const paid = await createIntent(buyer);
    const intentId = await intentIdOf(paid.paymentId);
    stripe.setStatus(intentId, 'succeeded');
    await deliver('payment_intent.succeeded', intentId);
    const refund = stripe.dashboardRefund(intentId, 1000);

    const report = await reconcileSince();
    expect(report.code).toBe(2);
    expect(report.stdout[0]).toBe(
      `refund_missing_here payment=${paid.paymentId} stripe=${refund.id} here=none ` +
        `at_stripe=succeeded 1000 GBP → repairable with --repair`,
    );

    const repaired = await reconcileSince('--repair');
    expect(repaired.code).toBe(0);
    expect(await harness.refunds(paid.paymentId)).toEqual([
      expect.objectContaining({
        provider_refund_id: refund.id,
        amount_minor: 1000,
        status: 'succeeded',
        requested_by: null,
      }),
    ]);
    expect(await harness.payment(paid.paymentId)).toMatchObject({ refunded_minor: 1000 });
    expect(await harness.events(EventTypes.paymentRefunded, paid.paymentId)).toHaveLength(1);

    expect((await reconcileSince('--repair')).stdout).toEqual([expect.stringMatching(/; 0 differences/)]);
    expect(await harness.events(EventTypes.paymentRefunded, paid.paymentId)).toHaveLength(1);
  });

  it('only reports a payment paid here but not at Stripe, and amounts that differ, even with --repair', async () => {
    const notPaid = await createIntent(newStudent());
    const notPaidIntent = await intentIdOf(notPaid.paymentId);
    await harness.sql.query(`UPDATE payments SET status = 'succeeded', paid_at = now() WHERE id = $1`, [
      notPaid.paymentId,
    ]);
    const altered = await createIntent(newStudent());
    const alteredIntent = await intentIdOf(altered.paymentId);
    const intent = stripe.intents.get(alteredIntent);
    if (intent) intent.amount = 100; // changed at Stripe, not by us
    stripe.setStatus(alteredIntent, 'succeeded');

    const run = await reconcileSince('--repair');
    expect(run.code).toBe(2);
    expect(run.stdout.slice(0, -1).sort()).toEqual(
      [
        `paid_here_not_at_stripe payment=${notPaid.paymentId} stripe=${notPaidIntent} here=succeeded ${notPaid.amount} GBP ` +
          `at_stripe=requires_payment_method ${notPaid.amount} GBP → report only: needs a person`,
        `amount_mismatch payment=${altered.paymentId} stripe=${alteredIntent} here=pending ${altered.amount} GBP ` +
          `at_stripe=succeeded 100 GBP → report only: needs a person`,
        `paid_at_stripe_held_here payment=${altered.paymentId} stripe=${alteredIntent} here=pending ${altered.amount} GBP ` +
          `at_stripe=succeeded 100 GBP → report only: needs a person`,
      ].sort(),
    );
    expect(run.stdout.at(-1)).toMatch(/3 differences, 0 repaired, 3 left\.$/);
    expect(await harness.payment(altered.paymentId)).toMatchObject({ status: 'pending' });
    expect(await harness.succeededEvents(altered.paymentId)).toBe(0);
    expect(await harness.succeededEvents(notPaid.paymentId)).toBe(0);
  });

  it('fails with exit code 1 and says why when Stripe cannot be asked', async () => {
    stripe.failing = true;
    try {
      const run = await reconcileSince('--repair');
      expect(run.code).toBe(1);
      expect(run.stdout).toEqual([]);
      expect(run.stderr.join(' ')).toMatch(
        /^Stripe refused or could not be reached \(StripeAPIError, 500\): .*STRIPE_SECRET_KEY/,
      );
    } finally {
      stripe.failing = false;
    }
  });

  it('refuses the demo provider, saying why, and a --since it cannot read', async () => {
    const gets = stripe.requests.filter((request) => request.method === 'GET').length;
    // Chosen by name, or by default when no Stripe key is set (npm start's local settings).
    for (const provider of ['demo', '']) {
      const demo = await payments(['reconcile', '--since', '24h'], {
        ...serviceEnv,
        PAYMENTS_PROVIDER: provider,
        STRIPE_SECRET_KEY: '',
      });
      expect(demo.code).toBe(1);
      expect(demo.stderr.join(' ')).toMatch(/demo provider .* never reach Stripe, so there is nothing to reconcile/);
    }
    expect(stripe.requests.filter((request) => request.method === 'GET')).toHaveLength(gets);

    const badTime = await payments(['reconcile', '--since', 'yesterday']);
    expect(badTime.code).toBe(1);
    expect(badTime.stderr.join('\n')).toMatch(/--since "yesterday" is neither/);
  });
});
