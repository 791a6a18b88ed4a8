import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  type CurrencyCode,
  type DemoConfirmBodySchema,
  type DemoConfirmReply,
  type PaymentDto,
} from '@medtutor/contracts';
import { requireActor } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { LOGGER } from '@medtutor/nest-kit';
import { demoCardUnknown, paymentNotFound, paymentNotPending } from './payments.errors.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';
import { isOpen } from './payment-states.js';
import { toPaymentDto } from './payment.mapping.js';
import { CheckoutEndingService } from './checkout-ending.service.js';
import { PaymentFulfilmentService } from './payment-fulfilment.service.js';
import { PaymentWebhooksService } from './payment-webhooks.service.js';
import { PaymentRepository } from './payment.repository.js';

type DemoConfirm = z.output<typeof DemoConfirmBodySchema>;

/** A buyer's view of their payment, and the card form of a provider whose cards are typed on our page (the demo, in local runs). */
@Injectable()
export class PaymentConfirmationService {
  private readonly logger: Logger;

  constructor(
    private readonly payments: PaymentRepository,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly fulfilment: PaymentFulfilmentService,
    private readonly ending: CheckoutEndingService,
    private readonly webhooks: PaymentWebhooksService,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ module: 'payments' });
  }

  /**
   * The owner's (or an admin's) payment. A Stripe payment still open is checked with Stripe, so the
   * success page ends well even when the webhook is slow or lost.
   */
  async getPayment(paymentId: string, actor: Actor | null, correlationId: string | null): Promise<PaymentDto> {
    let payment = await this.ownPayment(paymentId, actor, { allowAdmin: true });
    if (payment.provider === 'stripe' && payment.providerPaymentId && isOpen(payment.status)) {
      const state = await this.provider.intentState(payment.providerPaymentId).catch((error: unknown) => {
        this.logger.warn({ err: error, paymentId }, 'could not ask Stripe for the payment state');
        return null;
      });
      if (state === 'succeeded') await this.fulfilment.fulfil(paymentId, new Date(), correlationId);
      if (state === 'canceled') await this.ending.close(paymentId, 'canceled', 'canceled at the provider');
      if (state === 'succeeded' || state === 'canceled') {
        const latest = await this.payments.find(paymentId);
        if (!latest) throw paymentNotFound();
        payment = latest;
      }
    }
    return toPaymentDto(payment);
  }

  /**
   * The demo card form (local runs only): the provider says what the test card does
   * (`DemoPaymentProvider.confirmCard`) and reports it as an event, applied through the same
   * handler as Stripe's webhook. A success is answered only if it paid the row: a demo checkout that
   * was closed (superseded, swept) is cancelled for good.
   */
  async confirmDemo(body: DemoConfirm, actor: Actor | null, correlationId: string | null): Promise<DemoConfirmReply> {
    const payment = await this.ownPayment(body.paymentId, actor, { allowAdmin: false });
    if (
      !this.provider.confirmCard ||
      payment.provider !== this.provider.kind ||
      !payment.providerPaymentId ||
      payment.clientSecret !== body.clientSecret
    ) {
      throw paymentNotFound();
    }
    if (!isOpen(payment.status)) throw paymentNotPending();
    const outcome = this.provider.confirmCard({
      intent: {
        providerPaymentId: payment.providerPaymentId,
        amountMinor: payment.amountMinor,
        currency: payment.currency as CurrencyCode,
        status: payment.status,
      },
      cardNumber: body.cardNumber,
      authentication: body.authentication,
    });
    if (!outcome) throw demoCardUnknown();
    const applied = await this.webhooks.receive(outcome.event, correlationId, { settle: 'now' });
    if (outcome.reply.status === 'succeeded' && !applied.paid) throw paymentNotPending();
    return outcome.reply;
  }

  private async ownPayment(paymentId: string, actor: Actor | null, { allowAdmin }: { allowAdmin: boolean }) {
    const signedIn = requireActor(actor);
    const payment = await this.payments.find(paymentId);
    const allowed = payment && (payment.userId === signedIn.userId || (allowAdmin && signedIn.role === 'admin'));
    if (!allowed) throw paymentNotFound();
    return payment;
  }
}
