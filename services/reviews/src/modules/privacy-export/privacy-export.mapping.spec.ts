import { describe, expect, it } from '@jest/globals';
import { ReviewsExportSchema } from '@medtutor/contracts';
import type { Testimonial } from '../../generated/prisma/client.js';
import { toReviewsExport } from './privacy-export.mapping.js';

const story: Testimonial = {
  id: 4,
  name: 'Amelia Hart',
  title: 'Got my place',
  content: 'The interview practice made the difference.',
  rating: 5,
  email: 'amelia@example.com',
  submittedBy: 7,
  isApproved: true,
  approvedAt: new Date('2026-04-02T10:00:00Z'),
  approvedBy: 1,
  createdAt: new Date('2026-04-01T10:00:00Z'),
};

describe('toReviewsExport', () => {
  const records = {
    testimonials: [story, { ...story, id: 5, submittedBy: null, isApproved: false }],
    purchases: [
      {
        paymentId: '6f1c7f2e-8a55-4c36-9d2a-0b7e3c1d2a10',
        userId: 7,
        paidAt: new Date('2026-03-01T10:01:00Z'),
        fullyRefunded: false,
      },
    ],
    paidUser: { userId: 7, firstPaidAt: new Date('2026-03-01T10:01:00Z') },
  };

  it('exports each story in full and the purchase records, under the strict schema', () => {
    const exported = ReviewsExportSchema.strict().parse(toReviewsExport(records, 7, true));
    expect(exported.testimonials).toEqual([
      expect.objectContaining({ id: 4, email: 'amelia@example.com', isApproved: true, verifiedPurchase: true }),
      // Sent signed out: never a verified purchase, whoever paid.
      expect.objectContaining({ id: 5, isApproved: false, verifiedPurchase: false }),
    ]);
    expect(exported.purchases).toEqual([
      { paymentId: records.purchases[0]!.paymentId, paidAt: '2026-03-01T10:01:00.000Z', fullyRefunded: false },
    ]);
    expect(exported.firstPaidAt).toBe('2026-03-01T10:01:00.000Z');
  });

  it('marks no story verified when the purchase no longer stands', () => {
    const exported = toReviewsExport(records, 7, false);
    expect(exported.testimonials.every((testimonial) => !testimonial.verifiedPurchase)).toBe(true);
  });
});
