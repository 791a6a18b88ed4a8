import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { LOGGER } from '@medtutor/nest-kit';
import { MoneyBackRepository } from './money-back.repository.js';
import { MoneyBackService } from './money-back.service.js';
import { PaymentRepository } from './payment.repository.js';
import { PaymentFulfilmentService } from './payment-fulfilment.service.js';
import {
  type Difference,
  type Outcome,
  reconcile,
  type Repair,
  type StripeIntent,
  type StripeRefund,
} from './payment-reconciliation.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';
import { reportedRefund } from './providers/stripe-events.js';
import { StripePaymentProvider } from './providers/stripe-payment-provider.js';

export interface ReconciliationReport {
  /** Marks the events a repair wrote (their correlationId), so the run can be traced in the logs. */
  runId: string;
  stripeIntents: number;
  stripeRefunds: number;
  payments: number;
  results: Array<{ difference: Difference; outcome: Outcome }>;
}

/** Reconciliation with the demo provider: its payments never reach Stripe, so there is nothing to compare. */
export class DemoProviderError extends Error {
  constructor() {
    super(
      'catalog-payments is configured with the demo provider (PAYMENTS_PROVIDER=demo, or no STRIPE_SECRET_KEY): ' +
        'its payments never reach Stripe, so there is nothing to reconcile. Run this with the Stripe settings ' +
        'of the catalog-payments deployment (in its pod: k exec deploy/catalog-payments -- …).',
    );
  }
}

/**
 * Gathers both sides for `reconcile` and applies its repairs through the paths Stripe's webhook takes,
 * so a repair writes the same rows and events, once: `PaymentFulfilmentService.fulfil` (a conditional
 * update on a payment not yet paid) and the money-back path (on the locked payment). A webhook that
 * arrives afterwards finds the work done and changes nothing, and a second run finds nothing.
 */
@Injectable()
export class PaymentReconciliationService {
  private readonly logger: Logger;

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly fulfilment: PaymentFulfilmentService,
    private readonly moneyBack: MoneyBackService,
    private readonly payments: PaymentRepository,
    private readonly moneyBackRows: MoneyBackRepository,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ module: 'payment-reconciliation' });
  }

  async run(since: Date, { repair }: { repair: boolean }, now = new Date()): Promise<ReconciliationReport> {
    if (!(this.provider instanceof StripePaymentProvider)) throw new DemoProviderError();
    const stripe = this.provider;
    const intents: Stripe.PaymentIntent[] = [];
    for await (const intent of stripe.intentsSince(since)) intents.push(intent);
    const refunds: Stripe.Refund[] = [];
    for await (const refund of stripe.refundsSince(since)) refunds.push(refund);

    // Our payments made since then, and the older ones that Stripe's lists name (a refund today of a
    // payment made last month).
    const named = [...intents.map((intent) => intent.id), ...refunds.flatMap((refund) => idOf(refund.payment_intent))];
    const payments = await this.payments.stripePaymentsSince(since, named);
    // An intent made a moment after its payment row can fall either side of `since`; and a missing one
    // must be told from one not listed: asked one by one.
    const listed = new Set(intents.map((intent) => intent.id));
    for (const payment of payments) {
      if (!payment.providerPaymentId || listed.has(payment.providerPaymentId)) continue;
      const intent = await stripe.intent(payment.providerPaymentId);
      if (intent) intents.push(intent);
    }
    const ourRefunds = await this.moneyBackRows.refundsOf(payments.map((payment) => payment.id));

    const differences = reconcile(
      {
        payments: payments.map((payment) => ({
          id: payment.id,
          status: payment.status,
          amountMinor: payment.amountMinor,
          currency: payment.currency,
          providerPaymentId: payment.providerPaymentId,
          flagged: payment.conflictAt !== null,
        })),
        refunds: ourRefunds,
      },
      { intents: intents.map(intentFacts), refunds: refunds.map(refundFacts) },
      now,
    );

    const runId = `reconcile-${randomUUID()}`;
    const results: ReconciliationReport['results'] = [];
    for (const difference of differences) {
      const outcome: Outcome = !difference.repair
        ? 'report_only'
        : repair
          ? await this.apply(difference.repair, runId)
          : 'repairable';
      results.push({ difference, outcome });
    }
    return { runId, stripeIntents: intents.length, stripeRefunds: refunds.length, payments: payments.length, results };
  }

  private async apply(repair: Repair, runId: string): Promise<Outcome> {
    try {
      if (repair.action === 'mark_paid') {
        // The confirmation path of a Stripe payment checked on the success page: paid, code spent,
        // payments.payment_succeeded.v1 and the receipt in one transaction, then the settlement.
        const paid = await this.fulfilment.fulfil(repair.paymentId, repair.paidAt, runId);
        return paid ? 'repaired' : 'already_repaired';
      }
      const outcome = await this.payments.transaction(async (tx) => {
        // As the webhook's refund.* branch: on the locked payment, recorded, then the refunded amount raised.
        const payment = await this.payments.lock(tx, repair.paymentId);
        if (!payment) return null;
        const existing = await this.moneyBackRows.findRefundByProviderId(tx, repair.refund.providerRefundId);
        if (existing && (existing.status === repair.refund.status || repair.refund.status === 'pending')) return null;
        await this.moneyBack.recordRefund(tx, payment, repair.refund);
        return this.moneyBack.applyRefunded(tx, payment, repair.at, runId);
      });
      if (!outcome) return 'already_repaired';
      this.moneyBack.wake(outcome);
      return 'repaired';
    } catch (error) {
      this.logger.error(
        { err: error, paymentId: repair.paymentId, action: repair.action },
        'reconciliation repair failed',
      );
      return `failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
    }
  }
}

const idOf = (value: string | { id: string } | null | undefined): string[] =>
  value ? [typeof value === 'string' ? value : value.id] : [];

function intentFacts(intent: Stripe.PaymentIntent): StripeIntent {
  const charge = intent.latest_charge;
  return {
    id: intent.id,
    status: intent.status,
    amountMinor: intent.amount,
    currency: intent.currency,
    paymentId: intent.metadata?.paymentId ?? null,
    paidAt:
      intent.status === 'succeeded' && charge && typeof charge !== 'string' ? new Date(charge.created * 1000) : null,
  };
}

const refundFacts = (refund: Stripe.Refund): StripeRefund => ({
  reported: reportedRefund(refund),
  paymentIntentId: idOf(refund.payment_intent)[0] ?? null,
  createdAt: new Date(refund.created * 1000),
});
