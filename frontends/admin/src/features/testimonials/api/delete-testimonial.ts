import { apiRequest } from '@medtutor/web-kit';
import { mutate } from 'swr';
import { z } from 'zod';
import { pendingTestimonialsKey } from './get-pending-testimonials';

export async function deleteTestimonial(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/testimonials/${id}`, z.unknown());
  await Promise.all([mutate(pendingTestimonialsKey), mutate('/api/testimonials')]);
}
