/* The testimonial submission's reply schema, imported when the call is answered (zod stays out of the pages' start). */
export { SubmitTestimonialReplySchema } from '@medtutor/contracts';
