/**
 * The consultation rules and reply, loaded once the visitor starts on the form (or sends it): zod stays
 * out of the page's start-up JavaScript.
 */
export { ConsultationBodySchema, ConsultationReplySchema } from '@medtutor/contracts';
