/* The payments API's reply schemas, imported when a call is answered: /payment-success starts without zod. */
export { DemoConfirmReplySchema, PaymentDtoSchema, PaymentIntentDtoSchema } from '@medtutor/contracts';
