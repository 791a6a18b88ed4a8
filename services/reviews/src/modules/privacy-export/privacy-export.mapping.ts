import type { ReviewsExport } from '@medtutor/contracts';
import { toPendingTestimonialDto } from '../testimonials/testimonial.mapping.js';
import type { ReviewsRecords } from './privacy-export.repository.js';

/** Reviews' section: each story in full (as an admin sees it), and the purchases behind the badge. */
export function toReviewsExport(records: ReviewsRecords, userId: number, verifiedBuyer: boolean): ReviewsExport {
  return {
    testimonials: records.testimonials.map((row) =>
      toPendingTestimonialDto(row, verifiedBuyer && row.submittedBy === userId),
    ),
    purchases: records.purchases.map((purchase) => ({
      paymentId: purchase.paymentId,
      paidAt: purchase.paidAt?.toISOString() ?? null,
      fullyRefunded: purchase.fullyRefunded,
    })),
    firstPaidAt: records.paidUser?.firstPaidAt.toISOString() ?? null,
  };
}
