import { Injectable } from '@nestjs/common';
import {
  type Actor,
  type CurrencyCode,
  formatMinor,
  PaymentConflictLimits,
  type PaymentConflictsDto,
} from '@medtutor/contracts';
import { requireRole } from '@medtutor/nest-kit';
import { AdminPaymentsRepository } from './admin-payments.repository.js';

/** Payments paid with a code that had gone to another payment, for an admin to settle. */
@Injectable()
export class PaymentConflictsService {
  constructor(private readonly payments: AdminPaymentsRepository) {}

  async list(actor: Actor | null): Promise<PaymentConflictsDto> {
    requireRole(actor, 'admin');
    const { total, payments } = await this.payments.conflicts(PaymentConflictLimits.listed);
    return {
      total,
      conflicts: payments.map((payment) => {
        const currency = payment.currency as CurrencyCode;
        return {
          paymentId: payment.id,
          userId: payment.userId,
          buyerName: payment.buyerName,
          buyerEmail: payment.buyerEmail,
          packageName: payment.packageName,
          currency,
          amount: payment.amountMinor,
          formattedPrice: formatMinor(payment.amountMinor, currency),
          discountCode: payment.discountCode ?? '',
          reason: payment.conflictReason ?? '',
          paidAt: (payment.paidAt ?? payment.conflictAt ?? payment.createdAt).toISOString(),
        };
      }),
    };
  }
}
