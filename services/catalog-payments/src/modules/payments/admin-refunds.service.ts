import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  type AdminPaymentDetail,
  type CurrencyCode,
  ErrorCodes,
  formatMinor,
  RefundMessages,
  type RefundPaymentRequestSchema,
} from '@medtutor/contracts';
import { DomainError, requireRole } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { LOGGER } from '../../infra/logger.js';
import { PrismaService } from '../../infra/prisma.service.js';
import { MoneyBackService } from './money-back.service.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';
import { AdminPaymentsService } from './admin-payments.service.js';
import { adminPaymentNotFound, refundNotAllowed } from './payments.errors.js';

type RefundRequest = z.output<typeof RefundPaymentRequestSchema>;

/** Refunds an admin asks for from the Payments tab. */
@Injectable()
export class AdminRefundsService {
  private readonly logger: Logger;

  constructor(
    private readonly prisma: PrismaService,
    private readonly moneyBack: MoneyBackService,
    private readonly payments: AdminPaymentsService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ module: 'admin-payments' });
  }

  /**
   * Refunds `amount` (default: all that is left) of a paid payment. The refund row is written pending
   * under a row lock on the payment, so two admins at once cannot give back more than was paid (a
   * pending refund counts against what is left). Then the provider is asked, with our refund's id as
   * the idempotency key, and its answer goes through the same path as Stripe's webhooks.
   */
  async refund(request: RefundRequest, actor: Actor | null, correlationId: string | null): Promise<AdminPaymentDetail> {
    const admin = requireRole(actor, 'admin');
    const refundId = randomUUID();
    const payment = await this.prisma.$transaction(async (tx) => {
      const locked = await this.moneyBack.lock(tx, request.paymentId);
      if (!locked) throw adminPaymentNotFound();
      if (locked.status !== 'succeeded' || !locked.providerPaymentId || locked.provider !== this.provider.kind) {
        throw refundNotAllowed(RefundMessages.notRefundable);
      }
      const disputes = await tx.paymentDispute.findMany({ where: { paymentId: locked.id } });
      if (disputes.some((dispute) => dispute.status === 'open')) throw refundNotAllowed(RefundMessages.disputeOpen);
      const pending = await tx.refund.aggregate({
        where: { paymentId: locked.id, status: 'pending' },
        _sum: { amountMinor: true },
      });
      const left = locked.amountMinor - locked.refundedMinor - (pending._sum.amountMinor ?? 0);
      if (left <= 0 || disputes.some((dispute) => dispute.status === 'lost')) {
        throw refundNotAllowed(RefundMessages.nothingLeft);
      }
      const amountMinor = request.amount ?? left;
      if (amountMinor > left) {
        throw new DomainError(
          ErrorCodes.validationFailed,
          RefundMessages.tooLarge(formatMinor(left, locked.currency as CurrencyCode)),
        );
      }
      await tx.refund.create({
        data: {
          id: refundId,
          paymentId: locked.id,
          amountMinor,
          status: 'pending',
          reason: request.reason,
          requestedBy: admin.userId,
        },
      });
      return {
        ...locked,
        providerPaymentId: locked.providerPaymentId,
        amountMinor: locked.amountMinor,
        refundMinor: amountMinor,
      };
    });

    let answer;
    try {
      answer = await this.provider.createRefund({
        refundId,
        paymentId: payment.id,
        providerPaymentId: payment.providerPaymentId,
        amountMinor: payment.refundMinor,
        currency: payment.currency as CurrencyCode,
      });
    } catch (error) {
      this.logger.error({ err: error, paymentId: payment.id, refundId }, 'the payment provider refused the refund');
      // Only a refund no answer has reached yet: a webhook may already have told us Stripe made it.
      await this.prisma.refund.updateMany({
        where: { id: refundId, status: 'pending', providerRefundId: null },
        data: { status: 'failed' },
      });
      throw new DomainError(ErrorCodes.paymentProviderUnavailable, RefundMessages.providerRefused);
    }
    this.logger.info(
      { paymentId: payment.id, refundId, amountMinor: payment.refundMinor, by: admin.userId, status: answer.status },
      'refund requested',
    );
    const outcome = await this.prisma.$transaction(async (tx) => {
      const locked = await this.moneyBack.lock(tx, payment.id);
      if (!locked) throw adminPaymentNotFound();
      await this.moneyBack.recordRefund(tx, locked, {
        providerRefundId: answer.providerRefundId,
        refundId,
        amountMinor: payment.refundMinor,
        status: answer.status,
        reason: request.reason,
        settlementAmountMinor: answer.settlementAmountMinor,
      });
      return this.moneyBack.applyRefunded(tx, locked, new Date(), correlationId);
    });
    this.moneyBack.wake(outcome);
    return this.payments.detailOf(payment.id);
  }
}
