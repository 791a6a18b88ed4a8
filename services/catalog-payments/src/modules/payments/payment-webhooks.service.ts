import { Inject, Injectable } from '@nestjs/common';
import type { ProviderWebhookRequest } from '@medtutor/contracts';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { Payment } from '../../generated/prisma/client.js';
import type { Db } from '../../infra/db.js';
import { LOGGER } from '../../infra/logger.js';
import { PrismaService } from '../../infra/prisma.service.js';
import { webhookSignatureInvalid } from './payments.errors.js';
import { OPEN, PaymentsService } from './payments.service.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';
import { StripePaymentProvider } from './providers/stripe-payment-provider.js';

/**
 * Stripe's webhook. The event id is recorded in the same transaction as its effect, so a redelivery
 * changes nothing; the payment's own conditional updates make out-of-order events harmless too
 * (a failure after a success finds no open payment to fail).
 */
@Injectable()
export class PaymentWebhooksService {
  private readonly logger: Logger;

  constructor(
    private readonly prisma: PrismaService,
    private readonly payments: PaymentsService,
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
      event = this.provider.verifyWebhook(request.rawBody, request.signature);
    } catch (error) {
      this.logger.warn({ err: error }, 'webhook refused: signature invalid or too old');
      throw webhookSignatureInvalid();
    }

    const paid = await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.processedProviderEvent.createMany({
        data: [{ eventId: event.id, provider: 'stripe', type: event.type }],
        skipDuplicates: true,
      });
      return count === 0 ? null : this.apply(tx, event, correlationId); // count 0: already handled
    });
    if (paid) this.payments.afterPaid(paid);
    return { received: true };
  }

  private async apply(tx: Db, event: Stripe.Event, correlationId: string | null): Promise<Payment | null> {
    switch (event.type) {
      case 'payment_intent.succeeded': {
        const payment = await this.paymentOf(tx, event.data.object);
        if (!payment) return null;
        return this.payments.markPaid(tx, payment.id, new Date(event.created * 1000), correlationId);
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
        return null;
      }
      case 'payment_intent.canceled': {
        const payment = await this.paymentOf(tx, event.data.object);
        if (payment) await this.payments.close(payment.id, 'canceled', 'canceled at the provider', tx);
        return null;
      }
      default:
        return null; // acknowledged: Stripe stops retrying events we do not act on
    }
  }

  /** By the intent id we stored; the metadata only confirms it, so a forged metadata id changes nothing. */
  private async paymentOf(tx: Db, intent: Stripe.PaymentIntent): Promise<Payment | null> {
    const payment = await tx.payment.findUnique({ where: { providerPaymentId: intent.id } });
    if (!payment) this.logger.warn({ intentId: intent.id, metadata: intent.metadata }, 'webhook for an unknown intent');
    return payment;
  }
}
