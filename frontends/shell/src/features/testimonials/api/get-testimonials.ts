import type { PublicTestimonialDto } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';

/** Also the key the admin remote revalidates after an approval or a deletion (spec section 7). */
export const testimonialsKey = '/api/testimonials';

const loadListSchema = () =>
  import('./testimonial-reply-schemas').then((schemas) => schemas.PublicTestimonialListSchema);

export const getTestimonials = (): Promise<PublicTestimonialDto[]> =>
  apiRequest('GET', testimonialsKey, loadListSchema);

export const useTestimonials = () => useSWR(testimonialsKey, getTestimonials);
