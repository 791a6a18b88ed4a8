import { apiRequest } from '@medtutor/web-kit';
import { mutate } from 'swr';
import { z } from 'zod';
import { pendingTestimonialsKey } from './get-pending-testimonials';

/** docs/product.md §7: both lists refresh (the public one is the shell's, keyed by its path). */
export async function approveTestimonial(id: number): Promise<void> {
  await apiRequest('PATCH', `/api/testimonials/${id}/approve`, z.unknown());
  await Promise.all([mutate(pendingTestimonialsKey), mutate('/api/testimonials')]);
}
