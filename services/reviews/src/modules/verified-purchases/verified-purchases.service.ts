import { Injectable } from '@nestjs/common';
import type { PaymentDisputedV1, PaymentRefundedV1, PaymentSucceededV1 } from '@medtutor/contracts';
import type { Db } from '../../infra/db.js';
import { verifiedBuyers } from './verified-purchase.rules.js';
import { VerifiedPurchasesRepository } from './verified-purchases.repository.js';

/**
 * A story is a verified purchase when the signed-in student who submitted it has a purchase that
 * still stands (`purchaseStands`): paid, not refunded in full, no dispute open or lost (issue 24: the
 * badge used to survive both). Payments, refunds and disputes arrive as events, in any order and
 * possibly after the story: the answer is read when a list is served.
 */
@Injectable()
export class VerifiedPurchasesService {
  constructor(private readonly repository: VerifiedPurchasesRepository) {}

  async recordPayment(db: Db, payment: PaymentSucceededV1): Promise<void> {
    await this.repository.recordPaid(db, payment.paymentId, payment.userId, new Date(payment.paidAt));
  }

  /** Only a full refund takes the badge: a partial one leaves the purchase standing. */
  async recordRefund(db: Db, refund: PaymentRefundedV1): Promise<void> {
    if (refund.fullyRefunded || refund.refundedAmount >= refund.amount) {
      await this.repository.recordFullyRefunded(db, refund.paymentId, refund.userId);
    }
  }

  async recordDispute(db: Db, dispute: PaymentDisputedV1): Promise<void> {
    await this.repository.recordDispute(db, dispute.paymentId, dispute.userId, dispute.disputeId, dispute.status);
  }

  /** Those of the submitters (null: a visitor's story) who are verified buyers now. */
  async paidSubmitters(submitters: Array<number | null>): Promise<Set<number>> {
    const userIds = submitters.filter((id): id is number => id !== null);
    const { purchases, legacyPaid } = await this.repository.purchasesOf(userIds);
    return verifiedBuyers(userIds, purchases, legacyPaid);
  }
}
