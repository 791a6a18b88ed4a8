import {
  type SubmitTestimonialBody,
  type SubmitTestimonialReply,
  SubmitTestimonialReplySchema,
} from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWRMutation from 'swr/mutation';
import { testimonialsKey } from './get-testimonials';

export const submitTestimonial = (body: SubmitTestimonialBody): Promise<SubmitTestimonialReply> =>
  apiRequest('POST', testimonialsKey, SubmitTestimonialReplySchema, body);

export const useSubmitTestimonial = () =>
  useSWRMutation(
    testimonialsKey,
    (_key: string, { arg }: { arg: SubmitTestimonialBody }) => submitTestimonial(arg),
    // A new story waits for review, so the public list has nothing new to show.
    { populateCache: false, revalidate: false, throwOnError: true },
  );
