import { type PublicTestimonialDto, PublicTestimonialListSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';

/** Also the key the admin remote revalidates after an approval or a deletion (spec section 7). */
export const testimonialsKey = '/api/testimonials';

export const getTestimonials = (): Promise<PublicTestimonialDto[]> =>
  apiRequest('GET', testimonialsKey, PublicTestimonialListSchema);

export const useTestimonials = () => useSWR(testimonialsKey, getTestimonials);
