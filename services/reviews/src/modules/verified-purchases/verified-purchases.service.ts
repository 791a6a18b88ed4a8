import { Injectable } from '@nestjs/common';
import type { PaymentDisputedV1, PaymentRefundedV1, PaymentSucceededV1 } from '@medtutor/contracts';
import { writeOutbox } from '@medtutor/nest-kit';
import type { Prisma } from '../../generated/prisma/client.js';
import { publishedTestimonialsChanged } from '../testimonials/published-testimonials-changed.event.js';
import { publishedStoriesOfBuyer, verifiedBuyers } from './verified-purchase.rules.js';
import { VerifiedPurchasesRepository } from './verified-purchases.repository.js';

type Tx = Prisma.TransactionClient;

/**
 * A story is a verified purchase when the signed-in student who submitted it has a purchase that
 * still stands (`purchaseStands`): paid, not refunded in full, no dispute open or lost (issue 24: the
 * badge used to survive both). Payments, refunds and disputes arrive as events, in any order and
 * possibly after the story: the answer is read when a list is served.
 */
@Injectable()
export class VerifiedPurchasesService {
  constructor(private readonly repository: VerifiedPurchasesRepository) {}

  /**
   * Each `record*` runs on the consumer's transaction and answers whether it announced a change of
   * the public list (`publishedTestimonialsChanged`, in that transaction): the caller nudges the relay
   * after the commit.
   */
  async recordPayment(tx: Tx, payment: PaymentSucceededV1, correlationId: string | null): Promise<boolean> {
    await this.repository.recordPaid(tx, payment.paymentId, payment.userId, new Date(payment.paidAt));
    return this.announceBadgeChange(tx, payment.userId, correlationId);
  }

  /** Only a full refund takes the badge: a partial one leaves the purchase standing. */
  async recordRefund(tx: Tx, refund: PaymentRefundedV1, correlationId: string | null): Promise<boolean> {
    if (!refund.fullyRefunded && refund.refundedAmount < refund.amount) return false;
    await this.repository.recordFullyRefunded(tx, refund.paymentId, refund.userId);
    return this.announceBadgeChange(tx, refund.userId, correlationId);
  }

  async recordDispute(tx: Tx, dispute: PaymentDisputedV1, correlationId: string | null): Promise<boolean> {
    await this.repository.recordDispute(tx, dispute.paymentId, dispute.userId, dispute.disputeId, dispute.status);
    return this.announceBadgeChange(tx, dispute.userId, correlationId);
  }

  /** The buyer's published stories may show the badge differently now: say so, when they have any. */
  private async announceBadgeChange(tx: Tx, buyerId: number, correlationId: string | null): Promise<boolean> {
    const published = publishedStoriesOfBuyer(buyerId, await this.repository.storiesSubmittedBy(tx, buyerId));
    if (!published.length) return false;
    await writeOutbox(tx, publishedTestimonialsChanged('purchase_changed', published, correlationId));
    return true;
  }

  /** Those of the submitters (null: a visitor's story) who are verified buyers now. */
  async paidSubmitters(submitters: Array<number | null>): Promise<Set<number>> {
    const userIds = submitters.filter((id): id is number => id !== null);
    const { purchases, legacyPaid } = await this.repository.purchasesOf(userIds);
    return verifiedBuyers(userIds, purchases, legacyPaid);
  }
}
