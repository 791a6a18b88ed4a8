import { Injectable } from '@nestjs/common';
import type { DisputeStatus } from '@medtutor/contracts';
import type { Prisma } from '../../generated/prisma/client.js';
import type { Db } from '../../infra/prisma.service.js';
import { PrismaService } from '../../infra/prisma.service.js';
import type { PurchaseFacts, StoryFacts } from './verified-purchase.rules.js';

/**
 * The local read copy of who has paid (payments): one row per payment, folded from its events in any
 * order. Every write is one statement whose result does not depend on what came before.
 */
@Injectable()
export class VerifiedPurchasesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Paid: keeps the earliest time, whatever order the events arrive in. */
  async recordPaid(db: Db, paymentId: string, userId: number, paidAt: Date): Promise<void> {
    await db.$executeRaw`
      INSERT INTO purchases (payment_id, user_id, paid_at) VALUES (${paymentId}::uuid, ${userId}, ${paidAt})
      ON CONFLICT (payment_id) DO UPDATE SET paid_at = LEAST(purchases.paid_at, EXCLUDED.paid_at)`;
  }

  /** Refunded in full (or a dispute lost): never undone, since a refunded amount only grows. */
  async recordFullyRefunded(db: Db, paymentId: string, userId: number): Promise<void> {
    await db.$executeRaw`
      INSERT INTO purchases (payment_id, user_id, fully_refunded) VALUES (${paymentId}::uuid, ${userId}, true)
      ON CONFLICT (payment_id) DO UPDATE SET fully_refunded = true`;
  }

  /** A dispute's state, forward only: a closed dispute (won or lost) never reopens. */
  async recordDispute(
    db: Db,
    paymentId: string,
    userId: number,
    disputeId: string,
    status: DisputeStatus,
  ): Promise<void> {
    await db.$executeRaw`
      INSERT INTO purchases (payment_id, user_id) VALUES (${paymentId}::uuid, ${userId})
      ON CONFLICT (payment_id) DO NOTHING`;
    await db.$executeRaw`
      INSERT INTO purchase_disputes (dispute_id, payment_id, status)
      VALUES (${disputeId}, ${paymentId}::uuid, ${status}::purchase_dispute_status)
      ON CONFLICT (dispute_id) DO UPDATE SET status = EXCLUDED.status
      WHERE purchase_disputes.status = 'open'`;
  }

  /**
   * The stories a user submitted signed in, as far as their badge is concerned. Locked until the
   * caller's transaction ends, so an approval committing meanwhile is either seen here or waits, and
   * then announces the list itself after this purchase fact is visible: no badge change goes untold.
   */
  storiesSubmittedBy(tx: Prisma.TransactionClient, userId: number): Promise<StoryFacts[]> {
    return tx.$queryRaw<StoryFacts[]>`
      SELECT id, submitted_by AS "submittedBy", is_approved AS "isApproved"
      FROM testimonials WHERE submitted_by = ${userId} FOR SHARE`;
  }

  /** What is known of the payments of `userIds`, and which of them were recorded as paid before issue 24. */
  async purchasesOf(userIds: number[]): Promise<{ purchases: PurchaseFacts[]; legacyPaid: Set<number> }> {
    const unique = [...new Set(userIds)];
    if (!unique.length) return { purchases: [], legacyPaid: new Set() };
    const [purchases, legacy] = await Promise.all([
      this.prisma.purchase.findMany({
        where: { userId: { in: unique } },
        select: { userId: true, paidAt: true, fullyRefunded: true, disputes: { select: { status: true } } },
      }),
      this.prisma.paidUser.findMany({ where: { userId: { in: unique } }, select: { userId: true } }),
    ]);
    return { purchases, legacyPaid: new Set(legacy.map((row) => row.userId)) };
  }
}
