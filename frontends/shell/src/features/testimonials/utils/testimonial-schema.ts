/** The success-story rules, loaded once the visitor starts on the form: zod stays out of the page's start-up JavaScript. */
export { SubmitTestimonialBodySchema } from '@medtutor/contracts';
