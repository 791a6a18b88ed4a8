import { Inject, Injectable } from '@nestjs/common';
import type { ProviderWebhookRequest } from '@medtutor/contracts';
import type { Logger } from 'pino';
import type { Payment } from '../../generated/prisma/client.js';
import { LOGGER } from '@medtutor/nest-kit';
import { MoneyBackService } from './money-back.service.js';
import { webhookSignatureInvalid } from './payments.errors.js';
import { CheckoutEndingService } from './checkout-ending.service.js';
import { PaymentFulfilmentService } from './payment-fulfilment.service.js';
import { hold, noteFailedAttempt, requireAction } from './payment-states.js';
import { PaymentRepository, type Tx } from './payment.repository.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';
import type { ProviderChange, ProviderEvent } from './providers/provider-events.js';

/** What a handled event changed, for the work to do once its transaction committed. */
export interface Applied {
  paid?: Payment | null;
  moneyBack?: boolean;
}

type IntentSucceeded = Extract<ProviderChange, { kind: 'intent_succeeded' }>;

/**
 * The provider's events, whoever reports them: Stripe's webhook (`handle`) and the demo's card form
 * (`PaymentConfirmationService.confirmDemo`) both land in `receive`. The event id is recorded in the
 * same transaction as its effect, so a redelivery changes nothing; the transitions of
 * `payment-states.ts`, applied on the expected state, make out-of-order events harmless too (a
 * failure after a success finds no open payment to fail).
 *
 * Refunds and disputes (issue 16) go through `MoneyBackService`: the refunded amount only grows to
 * the largest figure seen and a dispute only moves forward, so any order and any duplicate land the same.
 */
@Injectable()
export class PaymentWebhooksService {
  private readonly logger: Logger;

  constructor(
    private readonly payments: PaymentRepository,
    private readonly fulfilment: PaymentFulfilmentService,
    private readonly ending: CheckoutEndingService,
    private readonly moneyBack: MoneyBackService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ module: 'payment-webhooks' });
  }

  /** The provider's webhook door (Stripe's; the demo has none, so its `verifyWebhook` refuses all). */
  async handle(request: ProviderWebhookRequest, correlationId: string | null): Promise<{ received: true }> {
    let event: ProviderEvent;
    try {
      event = this.provider.verifyWebhook(Buffer.from(request.rawBodyBase64, 'base64'), request.signature);
    } catch (error) {
      this.logger.warn({ err: error }, 'webhook refused: signature invalid or too old');
      throw webhookSignatureInvalid();
    }
    // Stripe gets its answer now; the sweeper retries a settlement that fails.
    await this.receive(event, correlationId, { settle: 'later' });
    return { received: true };
  }

  /**
   * Applies one provider event, once, then wakes the relays. `settle: 'now'` waits for the settlement
   * of a payment it paid (the demo's page answers after it); 'later' does not.
   */
  async receive(
    event: ProviderEvent,
    correlationId: string | null,
    { settle }: { settle: 'now' | 'later' },
  ): Promise<Applied> {
    const applied = await this.payments.transaction(async (tx): Promise<Applied> => {
      const first = await this.payments.recordProviderEvent(tx, event);
      return first ? this.apply(tx, event, correlationId) : {};
    });
    if (applied.paid) {
      this.fulfilment.afterPaid(applied.paid);
      if (settle === 'now') await this.fulfilment.recordSettlement(applied.paid);
      else this.fulfilment.settleLater(applied.paid);
    }
    this.moneyBack.wake({ changed: applied.moneyBack ?? false });
    return applied;
  }

  private async apply(tx: Tx, event: ProviderEvent, correlationId: string | null): Promise<Applied> {
    const { at, change } = event;
    switch (change.kind) {
      case 'intent_succeeded': {
        const payment = await this.paymentOf(tx, change);
        if (!payment) return {};
        const mismatch = payment.status === 'succeeded' ? [] : this.disagreements(payment, change);
        if (mismatch.length) {
          await this.holdMismatched(tx, payment, event, change, mismatch);
          return {};
        }
        return { paid: await this.fulfilment.markPaid(tx, payment.id, at, correlationId, change.onlyIfOpen) };
      }
      case 'charge_refunded': {
        const payment = await this.lockedPaymentOf(tx, change.intentId, change.chargeId);
        if (!payment) return {};
        for (const refund of change.refunds) await this.moneyBack.recordRefund(tx, payment, refund);
        const outcome = await this.moneyBack.applyRefunded(tx, payment, at, correlationId, change.refundedTotalMinor);
        return { moneyBack: outcome.changed };
      }
      case 'refund_changed': {
        const payment = await this.lockedPaymentOf(tx, change.intentId, change.chargeId);
        if (!payment) return {};
        await this.moneyBack.recordRefund(tx, payment, change.refund);
        return { moneyBack: (await this.moneyBack.applyRefunded(tx, payment, at, correlationId)).changed };
      }
      case 'dispute_changed': {
        const payment = await this.lockedPaymentOf(tx, change.intentId, change.chargeId);
        if (!payment) return {};
        return { moneyBack: (await this.moneyBack.applyDispute(tx, payment, change.dispute, correlationId)).changed };
      }
      case 'intent_requires_action': {
        const payment = await this.paymentOf(tx, change);
        if (payment) await this.payments.apply(tx, payment, requireAction, correlationId);
        return {};
      }
      case 'attempt_failed': {
        const payment = await this.paymentOf(tx, change);
        if (!payment) return {};
        if (change.final) await this.ending.close(payment.id, 'failed', change.reason, tx);
        else await this.payments.apply(tx, payment, (p) => noteFailedAttempt(p, change.reason), correlationId);
        return {};
      }
      case 'intent_canceled': {
        const payment = await this.paymentOf(tx, change);
        if (payment) await this.ending.close(payment.id, 'canceled', 'canceled at the provider', tx);
        return {};
      }
      case 'ignored':
        return {};
    }
  }

  /**
   * What a paid intent reports that our payment does not say (issue 24): the amount and currency we
   * computed and asked for, and the mode of our key. Stripe never changes them on its own, so a
   * disagreement is an intent altered or made outside this service (or a test event on the live
   * endpoint) and is never credited.
   */
  private disagreements(payment: Payment, intent: IntentSucceeded): string[] {
    const found: string[] = [];
    if (intent.amountMinor !== payment.amountMinor) found.push('amount');
    if (intent.currency.toUpperCase() !== payment.currency) found.push('currency');
    if (intent.livemodes.some((livemode) => livemode !== this.provider.livemode)) found.push('mode (live or test)');
    return found;
  }

  /**
   * Not credited: the payment stays open, flagged for an admin (the conflicts list on the Overview
   * tab); a held payment is never paid by any path (`pay`) nor swept. Logged with ids and figures
   * only, no personal data.
   */
  private async holdMismatched(
    tx: Tx,
    payment: Payment,
    event: ProviderEvent,
    intent: IntentSucceeded,
    mismatch: string[],
  ): Promise<void> {
    await this.payments.apply(tx, payment, (p) => hold(p, { mismatch, at: new Date() }), null);
    this.logger.error(
      {
        paymentId: payment.id,
        intentId: intent.intentId,
        eventId: event.id,
        mismatch,
        expected: { amountMinor: payment.amountMinor, currency: payment.currency, livemode: this.provider.livemode },
        reported: { amountMinor: intent.amountMinor, currency: intent.currency, livemode: intent.livemodes[0] },
      },
      'payment_intent.succeeded disagrees with the stored payment: not credited, flagged for an admin',
    );
  }

  /**
   * The payment behind a charge, refund or dispute, locked for the transaction: by the intent id we
   * stored, else by the charge id learnt with its settlement. The charge id is recorded on the way.
   */
  private async lockedPaymentOf(tx: Tx, intentId: string | null, chargeId: string | null): Promise<Payment | null> {
    const found =
      (intentId ? await this.payments.findByIntent(tx, intentId) : null) ??
      (chargeId ? await this.payments.findByCharge(tx, chargeId) : null);
    if (!found) {
      this.logger.warn({ intentId, chargeId }, 'webhook for an unknown charge');
      return null;
    }
    const payment = await this.payments.lock(tx, found.id);
    if (payment && chargeId && !payment.providerChargeId) return this.payments.recordChargeId(tx, payment.id, chargeId);
    return payment;
  }

  /** By the intent id we stored; the metadata only confirms it, so a forged metadata id changes nothing. */
  private async paymentOf(tx: Tx, intent: { intentId: string; metadata: Record<string, string> }) {
    const payment = await this.payments.findByIntent(tx, intent.intentId);
    if (!payment) {
      this.logger.warn({ intentId: intent.intentId, metadata: intent.metadata }, 'webhook for an unknown intent');
    }
    return payment;
  }
}
