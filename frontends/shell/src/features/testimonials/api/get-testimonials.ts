import type { PublicTestimonialDto } from '@medtutor/contracts';
import { apiRequestUnchecked } from '@medtutor/web-kit';
import useSWR from 'swr';

/** Also the key the admin remote revalidates after an approval or a deletion (docs/product.md §7). */
export const testimonialsKey = '/api/testimonials';

/** Read unchecked, like the tutors (features/tutors/api/get-tutors.ts): zod stays off the home page. */
export const getTestimonials = async (): Promise<PublicTestimonialDto[]> =>
  (await apiRequestUnchecked('GET', testimonialsKey)) as PublicTestimonialDto[];

export const useTestimonials = () => useSWR(testimonialsKey, getTestimonials);
