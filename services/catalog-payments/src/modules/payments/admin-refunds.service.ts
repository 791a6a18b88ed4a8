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
import { LOGGER } from '@medtutor/nest-kit';
import { MoneyBackRepository } from './money-back.repository.js';
import { PaymentRepository } from './payment.repository.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';
import { RefundConfirmationService } from './refund-confirmation.service.js';
import { AdminPaymentsService } from './admin-payments.service.js';
import { adminPaymentNotFound, refundNotAllowed } from './payments.errors.js';

type RefundRequest = z.output<typeof RefundPaymentRequestSchema>;

/** Refunds an admin asks for from the Payments tab. */
@Injectable()
export class AdminRefundsService {
  private readonly logger: Logger;

  constructor(
    private readonly paymentRows: PaymentRepository,
    private readonly moneyBackRows: MoneyBackRepository,
    private readonly payments: AdminPaymentsService,
    private readonly confirmation: RefundConfirmationService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ module: 'admin-payments' });
  }

  /**
   * Refunds `amount` (default: all that is left) of a paid payment. The refund row is written pending
   * under a row lock on the payment, so two admins at once cannot give back more than was paid (a
   * pending refund counts against what is left). Then the provider is asked, with our refund's id as
   * the idempotency key, and its answer goes through the same path as Stripe's webhooks. A lost answer
   * is never taken for a refusal (`RefundConfirmationService`).
   */
  async refund(request: RefundRequest, actor: Actor | null, correlationId: string | null): Promise<AdminPaymentDetail> {
    const admin = requireRole(actor, 'admin');
    const refundId = randomUUID();
    const payment = await this.paymentRows.transaction(async (tx) => {
      const locked = await this.paymentRows.lock(tx, request.paymentId);
      if (!locked) throw adminPaymentNotFound();
      if (locked.status !== 'succeeded' || !locked.providerPaymentId || locked.provider !== this.provider.kind) {
        throw refundNotAllowed(RefundMessages.notRefundable);
      }
      const disputes = await this.moneyBackRows.disputesOf(tx, locked.id);
      if (disputes.some((dispute) => dispute.status === 'open')) throw refundNotAllowed(RefundMessages.disputeOpen);
      const pendingMinor = await this.moneyBackRows.pendingRefundsMinorOf(tx, locked.id);
      const left = locked.amountMinor - locked.refundedMinor - pendingMinor;
      if (disputes.some((dispute) => dispute.status === 'lost')) throw refundNotAllowed(RefundMessages.nothingLeft);
      if (left <= 0) {
        throw refundNotAllowed(pendingMinor ? RefundMessages.awaitingProvider : RefundMessages.nothingLeft);
      }
      const amountMinor = request.amount ?? left;
      if (amountMinor > left) {
        throw new DomainError(
          ErrorCodes.validationFailed,
          RefundMessages.tooLarge(formatMinor(left, locked.currency as CurrencyCode)),
        );
      }
      await this.moneyBackRows.insertRequestedRefund(tx, {
        id: refundId,
        paymentId: locked.id,
        amountMinor,
        reason: request.reason,
        requestedBy: admin.userId,
      });
      return {
        ...locked,
        providerPaymentId: locked.providerPaymentId,
        amountMinor: locked.amountMinor,
        refundMinor: amountMinor,
      };
    });

    const attempt = await this.confirmation.send(
      {
        refundId,
        paymentId: payment.id,
        providerPaymentId: payment.providerPaymentId,
        amountMinor: payment.refundMinor,
        currency: payment.currency as CurrencyCode,
        reason: request.reason,
      },
      correlationId,
    );
    if (attempt === 'refused')
      throw new DomainError(ErrorCodes.paymentProviderUnavailable, RefundMessages.providerRefused);
    // 'unconfirmed': Stripe may have made it. The row stays pending (holding its amount back, so no
    // second refund can be asked for it) and the sweeper finds out; the admin sees it pending.
    this.logger.info(
      { paymentId: payment.id, refundId, amountMinor: payment.refundMinor, by: admin.userId, attempt },
      'refund requested',
    );
    return this.payments.detailOf(payment.id);
  }
}
