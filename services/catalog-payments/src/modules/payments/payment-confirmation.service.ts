import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  DemoCards,
  type DemoConfirmBodySchema,
  type DemoConfirmReply,
  type PaymentDto,
  PaymentMessages,
} from '@medtutor/contracts';
import { requireActor } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { LOGGER } from '../../infra/logger.js';
import { PrismaService } from '../../infra/prisma.service.js';
import { demoCardUnknown, paymentNotFound, paymentNotPending } from './payments.errors.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';
import { isOpen, toPaymentDto } from './payment-states.js';
import { CheckoutEndingService } from './checkout-ending.service.js';
import { PaymentFulfilmentService } from './payment-fulfilment.service.js';

type DemoConfirm = z.output<typeof DemoConfirmBodySchema>;

/** A buyer's view of their payment, and the demo card form that confirms it in local runs. */
@Injectable()
export class PaymentConfirmationService {
  private readonly logger: Logger;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly fulfilment: PaymentFulfilmentService,
    private readonly ending: CheckoutEndingService,
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
        payment = await this.prisma.payment.findUniqueOrThrow({ where: { id: paymentId } });
      }
    }
    return toPaymentDto(payment);
  }

  /**
   * The demo card form (local runs only): the test card decides. 4242… succeeds, 4000…0002 declines,
   * 4000 0025 0000 3155 first asks for authentication, then the buyer approves or fails it.
   */
  async confirmDemo(body: DemoConfirm, actor: Actor | null, correlationId: string | null): Promise<DemoConfirmReply> {
    const payment = await this.ownPayment(body.paymentId, actor, { allowAdmin: false });
    if (payment.provider !== 'demo' || this.provider.kind !== 'demo' || payment.clientSecret !== body.clientSecret) {
      throw paymentNotFound();
    }
    if (!isOpen(payment.status)) throw paymentNotPending();

    switch (body.cardNumber) {
      case DemoCards.succeeds:
        return this.demoSucceeded(payment.id, correlationId);
      case DemoCards.declines:
        await this.ending.close(payment.id, 'failed', PaymentMessages.cardDeclined);
        return { status: 'failed', message: PaymentMessages.cardDeclined };
      case DemoCards.requiresAuthentication:
        if (body.authentication === 'approve' && payment.status === 'requires_action') {
          return this.demoSucceeded(payment.id, correlationId);
        }
        if (body.authentication === 'fail' && payment.status === 'requires_action') {
          await this.ending.close(payment.id, 'failed', PaymentMessages.authenticationFailed);
          return { status: 'failed', message: PaymentMessages.authenticationFailed };
        }
        await this.prisma.payment.updateMany({
          where: { id: payment.id, status: 'pending' },
          data: { status: 'requires_action' },
        });
        return { status: 'requires_action', message: null };
      default:
        throw demoCardUnknown();
    }
  }

  /** Only while the row is open: a demo checkout that was closed (superseded, swept) is cancelled for good. */
  private async demoSucceeded(paymentId: string, correlationId: string | null): Promise<DemoConfirmReply> {
    if (!(await this.fulfilment.fulfil(paymentId, new Date(), correlationId, { onlyOpen: true })))
      throw paymentNotPending();
    return { status: 'succeeded', message: null };
  }

  private async ownPayment(paymentId: string, actor: Actor | null, { allowAdmin }: { allowAdmin: boolean }) {
    const signedIn = requireActor(actor);
    const payment = await this.prisma.payment.findUnique({ where: { id: paymentId } });
    const allowed = payment && (payment.userId === signedIn.userId || (allowAdmin && signedIn.role === 'admin'));
    if (!allowed) throw paymentNotFound();
    return payment;
  }
}
