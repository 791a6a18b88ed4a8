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

/** A story as far as its badge is concerned. */
export interface StoryFacts {
  id: number;
  submittedBy: number | null;
  isApproved: boolean;
}

/**
 * The published stories whose badge a new fact about `buyerId`'s purchases (a payment, a full refund,
 * a dispute's state) may have flipped: the approved stories they submitted signed in, the badge's only
 * basis. Empty: the public list reads the same. Deliberately not "the badge before ≠ after", which
 * would need the buyer's purchases read twice in the transaction for a change that is rare anyway.
 */
export function publishedStoriesOfBuyer(buyerId: number, stories: readonly StoryFacts[]): number[] {
  return stories.filter((story) => story.isApproved && story.submittedBy === buyerId).map((story) => story.id);
}
