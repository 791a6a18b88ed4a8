import { Inject, Injectable } from '@nestjs/common';
import { PaymentMessages, type ProviderWebhookRequest } from '@medtutor/contracts';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { Payment } from '../../generated/prisma/client.js';
import type { Db } from '../../infra/db.js';
import { LOGGER } from '../../infra/logger.js';
import { PrismaService } from '../../infra/prisma.service.js';
import { MoneyBackService, type ReportedRefund } from './money-back.service.js';
import { PaymentDisputesService, type ReportedDispute } from './payment-disputes.service.js';
import { webhookSignatureInvalid } from './payments.errors.js';
import { CheckoutEndingService } from './checkout-ending.service.js';
import { PaymentFulfilmentService } from './payment-fulfilment.service.js';
import { OPEN } from './payment-states.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';
import { refundSettlement, refundStatus, StripePaymentProvider } from './providers/stripe-payment-provider.js';

/** What a handled event changed, for the work to do once its transaction committed. */
interface Applied {
  paid?: Payment | null;
  moneyBack?: boolean;
}

/**
 * Stripe's webhook. The event id is recorded in the same transaction as its effect, so a redelivery
 * changes nothing; the payment's own conditional updates make out-of-order events harmless too
 * (a failure after a success finds no open payment to fail).
 *
 * Refunds and disputes (issue 16) go through `MoneyBackService` and `PaymentDisputesService`: the refunded amount only grows to the
 * largest figure seen and a dispute only moves forward, so any order and any duplicate land the same.
 */
@Injectable()
export class PaymentWebhooksService {
  private readonly logger: Logger;

  constructor(
    private readonly prisma: PrismaService,
    private readonly fulfilment: PaymentFulfilmentService,
    private readonly ending: CheckoutEndingService,
    private readonly moneyBack: MoneyBackService,
    private readonly disputes: PaymentDisputesService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ module: 'payment-webhooks' });
  }

  async handle(request: ProviderWebhookRequest, correlationId: string | null): Promise<{ received: true }> {
    // The demo provider has no webhook: nothing may change a payment through this door.
    if (!(this.provider instanceof StripePaymentProvider)) throw webhookSignatureInvalid();
    let event: Stripe.Event;
    try {
      event = this.provider.verifyWebhook(Buffer.from(request.rawBodyBase64, 'base64'), request.signature);
    } catch (error) {
      this.logger.warn({ err: error }, 'webhook refused: signature invalid or too old');
      throw webhookSignatureInvalid();
    }

    const applied = await this.prisma.$transaction(async (tx): Promise<Applied> => {
      const { count } = await tx.processedProviderEvent.createMany({
        data: [{ eventId: event.id, provider: 'stripe', type: event.type }],
        skipDuplicates: true,
      });
      return count === 0 ? {} : this.apply(tx, event, correlationId); // count 0: already handled
    });
    if (applied.paid) {
      this.fulfilment.afterPaid(applied.paid);
      this.fulfilment.settleLater(applied.paid); // Stripe gets its answer now; the sweeper retries a failure
    }
    this.moneyBack.wake({ changed: applied.moneyBack ?? false });
    return { received: true };
  }

  private async apply(tx: Db, event: Stripe.Event, correlationId: string | null): Promise<Applied> {
    const at = new Date(event.created * 1000);
    switch (event.type) {
      case 'payment_intent.succeeded': {
        const intent = event.data.object;
        const payment = await this.paymentOf(tx, intent);
        if (!payment) return {};
        const mismatch = payment.status === 'succeeded' ? [] : this.disagreements(payment, intent, event.livemode);
        if (mismatch.length) {
          await this.holdMismatched(tx, payment, event, mismatch);
          return {};
        }
        return { paid: await this.fulfilment.markPaid(tx, payment.id, at, correlationId) };
      }
      case 'charge.refunded': {
        // Refunds made anywhere (our admin, the Stripe dashboard): amount_refunded is Stripe's running total.
        const charge = event.data.object;
        const payment = await this.lockedPaymentOf(tx, charge.payment_intent, charge.id);
        if (!payment) return {};
        for (const refund of charge.refunds?.data ?? [])
          await this.moneyBack.recordRefund(tx, payment, reportedRefund(refund));
        const outcome = await this.moneyBack.applyRefunded(tx, payment, at, correlationId, charge.amount_refunded);
        return { moneyBack: outcome.changed };
      }
      case 'refund.created':
      case 'refund.updated':
      case 'refund.failed':
      case 'charge.refund.updated': {
        const refund = event.data.object;
        const chargeId = typeof refund.charge === 'string' ? refund.charge : (refund.charge?.id ?? null);
        const payment = await this.lockedPaymentOf(tx, refund.payment_intent, chargeId);
        if (!payment) return {};
        await this.moneyBack.recordRefund(tx, payment, reportedRefund(refund));
        return { moneyBack: (await this.moneyBack.applyRefunded(tx, payment, at, correlationId)).changed };
      }
      case 'charge.dispute.created':
      case 'charge.dispute.updated':
      case 'charge.dispute.closed': {
        const dispute = event.data.object;
        const chargeId = typeof dispute.charge === 'string' ? dispute.charge : dispute.charge.id;
        const payment = await this.lockedPaymentOf(tx, dispute.payment_intent, chargeId);
        if (!payment) return {};
        const news: ReportedDispute = {
          id: dispute.id,
          status: disputeStatus(dispute.status, event.type === 'charge.dispute.closed'),
          amountMinor: dispute.amount,
          reason: dispute.reason || null,
          openedAt: new Date(dispute.created * 1000),
          at,
        };
        return { moneyBack: (await this.disputes.applyDispute(tx, payment, news, correlationId)).changed };
      }
      case 'payment_intent.payment_failed': {
        // An attempt failed, not the intent: Stripe returns it to requires_payment_method and the buyer
        // may still pay it with another card, so the payment stays open and keeps its hold.
        const payment = await this.paymentOf(tx, event.data.object);
        const reason = event.data.object.last_payment_error?.message ?? 'payment failed';
        if (payment) {
          await tx.payment.updateMany({
            where: { id: payment.id, status: { in: [...OPEN] } },
            data: { failureReason: reason },
          });
        }
        return {};
      }
      case 'payment_intent.canceled': {
        const payment = await this.paymentOf(tx, event.data.object);
        if (payment) await this.ending.close(payment.id, 'canceled', 'canceled at the provider', tx);
        return {};
      }
      default:
        return {}; // acknowledged: Stripe stops retrying events we do not act on
    }
  }

  /**
   * What a paid intent reports that our payment does not say (issue 24): the amount and currency we
   * computed and asked for, and the mode of our key. Stripe never changes them on its own, so a
   * disagreement is an intent altered or made outside this service (or a test event on the live
   * endpoint) and is never credited.
   */
  private disagreements(payment: Payment, intent: Stripe.PaymentIntent, eventLivemode: boolean): string[] {
    const livemode = (this.provider as StripePaymentProvider).livemode;
    const found: string[] = [];
    if (intent.amount !== payment.amountMinor) found.push('amount');
    if (typeof intent.currency !== 'string' || intent.currency.toUpperCase() !== payment.currency)
      found.push('currency');
    if (eventLivemode !== livemode || (intent.livemode !== undefined && intent.livemode !== livemode)) {
      found.push('mode (live or test)');
    }
    return found;
  }

  /**
   * Not credited: the payment stays open, flagged for an admin (the conflicts list on the Overview
   * tab); a flagged open payment is never marked paid by any path (`markPaid`) nor swept. Logged with
   * ids and figures only, no personal data.
   */
  private async holdMismatched(
    tx: Db,
    payment: Payment,
    event: Stripe.PaymentIntentSucceededEvent,
    mismatch: string[],
  ): Promise<void> {
    const intent = event.data.object;
    await tx.payment.updateMany({
      where: { id: payment.id, status: { not: 'succeeded' }, conflictAt: null },
      data: { conflictReason: PaymentMessages.providerMismatch(mismatch.join(' and ')), conflictAt: new Date() },
    });
    this.logger.error(
      {
        paymentId: payment.id,
        intentId: intent.id,
        eventId: event.id,
        mismatch,
        expected: {
          amountMinor: payment.amountMinor,
          currency: payment.currency,
          livemode: (this.provider as StripePaymentProvider).livemode,
        },
        reported: { amountMinor: intent.amount, currency: intent.currency, livemode: event.livemode },
      },
      'payment_intent.succeeded disagrees with the stored payment: not credited, flagged for an admin',
    );
  }

  /**
   * The payment behind a charge, refund or dispute, locked for the transaction: by the intent id we
   * stored, else by the charge id learnt with its settlement. The charge id is recorded on the way.
   */
  private async lockedPaymentOf(
    tx: Db,
    intent: string | Stripe.PaymentIntent | null,
    chargeId: string | null,
  ): Promise<Payment | null> {
    const intentId = typeof intent === 'string' ? intent : (intent?.id ?? null);
    const found =
      (intentId ? await tx.payment.findUnique({ where: { providerPaymentId: intentId } }) : null) ??
      (chargeId ? await tx.payment.findFirst({ where: { providerChargeId: chargeId } }) : null);
    if (!found) {
      this.logger.warn({ intentId, chargeId }, 'webhook for an unknown charge');
      return null;
    }
    const payment = await this.moneyBack.lock(tx, found.id);
    if (payment && chargeId && !payment.providerChargeId) {
      return tx.payment.update({ where: { id: payment.id }, data: { providerChargeId: chargeId } });
    }
    return payment;
  }

  /** By the intent id we stored; the metadata only confirms it, so a forged metadata id changes nothing. */
  private async paymentOf(tx: Db, intent: Stripe.PaymentIntent): Promise<Payment | null> {
    const payment = await tx.payment.findUnique({ where: { providerPaymentId: intent.id } });
    if (!payment) this.logger.warn({ intentId: intent.id, metadata: intent.metadata }, 'webhook for an unknown intent');
    return payment;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A Stripe refund as the money-back path records it; our row's id travels in its metadata. */
export const reportedRefund = (refund: Stripe.Refund): ReportedRefund => ({
  providerRefundId: refund.id,
  refundId: UUID.test(refund.metadata?.refundId ?? '') ? (refund.metadata?.refundId ?? null) : null,
  amountMinor: refund.amount,
  status: refundStatus(refund.status),
  // A refund made in the Stripe dashboard: its note (metadata) if any, else Stripe's reason code.
  reason: refund.metadata?.reason ?? refund.reason ?? null,
  settlementAmountMinor: refundSettlement(refund),
});

/**
 * Stripe's dispute statuses, reduced: won and lost as such; once closed, anything else (an inquiry
 * closed as warning_closed, say) lifts the hold like a win; before that it is open.
 */
function disputeStatus(status: Stripe.Dispute.Status, closed: boolean): ReportedDispute['status'] {
  if (status === 'lost') return 'lost';
  if (status === 'won' || status === 'warning_closed' || status === 'prevented' || closed) return 'won';
  return 'open';
}
