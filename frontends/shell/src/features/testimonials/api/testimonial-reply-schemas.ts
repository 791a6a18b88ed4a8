/* The testimonials API's reply schemas, imported by their callers when a call is answered (zod stays out of the pages' start). */
export { PublicTestimonialListSchema, SubmitTestimonialReplySchema } from '@medtutor/contracts';
