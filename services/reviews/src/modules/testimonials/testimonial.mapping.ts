import { type PendingTestimonialDto, type PublicTestimonialDto, publicTestimonialName } from '@medtutor/contracts';
import type { Testimonial } from '../../generated/prisma/client.js';

/** What the public sees: the name shortened, never the email. */
export const toPublicTestimonialDto = (row: Testimonial, verifiedPurchase: boolean): PublicTestimonialDto => ({
  id: row.id,
  name: publicTestimonialName(row.name),
  title: row.title,
  content: row.content,
  rating: row.rating,
  verifiedPurchase,
});

/** What an admin reviews: the full record, with the email to verify the story by. */
export const toPendingTestimonialDto = (row: Testimonial, verifiedPurchase: boolean): PendingTestimonialDto => ({
  id: row.id,
  name: row.name,
  title: row.title,
  content: row.content,
  rating: row.rating,
  email: row.email,
  isApproved: row.isApproved,
  verifiedPurchase,
  createdAt: row.createdAt.toISOString(),
});
