import type { SubmitTestimonialBody, SubmitTestimonialReply } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWRMutation from 'swr/mutation';
import { testimonialsKey } from './get-testimonials';

const loadReplySchema = () =>
  import('./testimonial-reply-schemas').then((schemas) => schemas.SubmitTestimonialReplySchema);

export const submitTestimonial = (body: SubmitTestimonialBody): Promise<SubmitTestimonialReply> =>
  apiRequest('POST', testimonialsKey, loadReplySchema, body);

export const useSubmitTestimonial = () =>
  useSWRMutation(
    testimonialsKey,
    (_key: string, { arg }: { arg: SubmitTestimonialBody }) => submitTestimonial(arg),
    // A new story waits for review, so the public list has nothing new to show.
    { populateCache: false, revalidate: false, throwOnError: true },
  );
