import type { DisputeStatus } from '@medtutor/contracts';

/** What reviews knows of one payment (issue 24): its events folded, in whatever order they came. */
export interface PurchaseFacts {
  userId: number;
  /** Null until payment_succeeded arrived. */
  paidAt: Date | null;
  fullyRefunded: boolean;
  disputes: Array<{ status: DisputeStatus }>;
}

/**
 * Whether a purchase still stands, and earns its buyer the verified-purchase badge: paid, not
 * refunded in full (a lost dispute is also announced as a full refund), and no dispute open (in
 * question) or lost. A won dispute gives the badge back. `paidBeforeIssue24`: the buyer is in the old
 * `paid_users` table, whose payments were recorded without their ids, so a purchase known only from a
 * later refund or dispute counts as paid.
 */
export function purchaseStands(purchase: PurchaseFacts, paidBeforeIssue24: boolean): boolean {
  if (purchase.paidAt === null && !paidBeforeIssue24) return false;
  if (purchase.fullyRefunded) return false;
  return !purchase.disputes.some((dispute) => dispute.status === 'open' || dispute.status === 'lost');
}

/**
 * Those of `userIds` with a purchase that stands. A buyer recorded before issue 24 (`legacyPaid`) of
 * whose payments nothing has been heard since keeps the badge they had.
 */
export function verifiedBuyers(
  userIds: readonly number[],
  purchases: readonly PurchaseFacts[],
  legacyPaid: ReadonlySet<number>,
): Set<number> {
  const verified = new Set<number>();
  const known = new Set(purchases.map((purchase) => purchase.userId));
  for (const userId of userIds) if (legacyPaid.has(userId) && !known.has(userId)) verified.add(userId);
  for (const purchase of purchases) {
    if (userIds.includes(purchase.userId) && purchaseStands(purchase, legacyPaid.has(purchase.userId))) {
      verified.add(purchase.userId);
    }
  }
  return verified;
}
