import { type PendingTestimonialDto, PendingTestimonialListSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';

export const pendingTestimonialsKey = '/api/testimonials/pending';

export const getPendingTestimonials = (): Promise<PendingTestimonialDto[]> =>
  apiRequest('GET', pendingTestimonialsKey, PendingTestimonialListSchema);

export const usePendingTestimonials = () => useSWR(pendingTestimonialsKey, getPendingTestimonials);
