import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { PaymentIntentDtoSchema, Subjects } from '@medtutor/contracts';
import { startTestNats, type TestNats } from '@medtutor/nest-kit/testing';
import pg from 'pg';
import Stripe from 'stripe';
import {
  type PaymentsHarness,
  startPaymentsService,
} from '../services/catalog-payments/test/support/payments-harness.js';
import { StripeStandIn } from '../services/catalog-payments/test/support/stripe-stand-in.js';
import { startTutoring } from '../services/tutoring/test/support/harness.js';

/**
 * Time from a signed `payment_intent.succeeded` webhook reaching catalog-payments (the gateway's
 * hand-off over NATS) to the package existing in tutoring's database: signature check, the payment's
 * transaction with its outbox row, the relay's publish to JetStream, tutoring's durable consumer and
 * its transaction. Both services run for real on one NATS server and PostgreSQL; Stripe is the local
 * stand-in. Payments go one at a time, so each figure is one payment's latency, not queueing.
 */
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 100);
const POLL_MS = 1;
const WEBHOOK_SECRET = 'whsec_bench_medtutor';
const signer = new Stripe('sk_test_signer');

let nats: TestNats;
let stripe: StripeStandIn;
let payments: PaymentsHarness;
let tutoring: Awaited<ReturnType<typeof startTutoring>>;
let tutoringDb: pg.Pool;

beforeAll(async () => {
  nats = await startTestNats();
  stripe = new StripeStandIn();
  payments = await startPaymentsService(
    'bench_payments',
    {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_bench',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: await stripe.start(),
    },
    nats,
  );
  tutoring = await startTutoring('bench_tutoring', {}, nats);
  tutoringDb = new pg.Pool({ connectionString: tutoring.db.url, max: 1 });
});

afterAll(async () => {
  await tutoringDb?.end();
  await tutoring?.stop();
  await payments?.stop();
  await stripe?.stop();
  await nats?.stop();
});

async function creditedWithin(paymentId: string, deadlineMs: number): Promise<boolean> {
  while (performance.now() < deadlineMs) {
    const found = await tutoringDb.query('SELECT 1 FROM user_sessions WHERE payment_id = $1', [paymentId]);
    if (found.rowCount) return true;
    await sleep(POLL_MS);
  }
  return false;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

it(`webhook received → hours credited, ${PAYMENTS} payments`, async () => {
  const latencies: number[] = [];
  for (let i = 0; i < PAYMENTS; i++) {
    const actor = { userId: 5000 + i, role: 'student' as const };
    const intent = PaymentIntentDtoSchema.parse(
      await payments.call(
        Subjects.catalogPayments.createPaymentIntent,
        { subject: 'Medical School Support', packageType: 'package5', currency: 'GBP', buyer: null },
        actor,
      ),
    );
    const row = await payments.payment(intent.paymentId);
    const payload = stripe.intentEvent('payment_intent.succeeded', row?.provider_payment_id as string);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });

    const started = performance.now();
    await payments.webhook(payload, signature);
    expect(await creditedWithin(intent.paymentId, started + 10_000)).toBe(true);
    latencies.push(performance.now() - started);
  }

  const sorted = [...latencies].sort((a, b) => a - b);
  const figure = (ms: number) => `${ms.toFixed(1)} ms`;
  // The one line a reader needs; the bench's output is the report.
  process.stdout.write(
    `\nwebhook → hours credited over ${sorted.length} payments: ` +
      `median ${figure(percentile(sorted, 50))}, p90 ${figure(percentile(sorted, 90))}, ` +
      `p99 ${figure(percentile(sorted, 99))}, max ${figure(sorted.at(-1) ?? NaN)} ` +
      `(polling every ${POLL_MS} ms)\n`,
  );
  expect(latencies).toHaveLength(PAYMENTS);
});
