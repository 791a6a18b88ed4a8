/* The checkout's consent schemas (issue 26), imported on first use: the checkout starts without them. */
export { ConsentStateReplySchema, SetDateOfBirthBodySchema } from '@medtutor/contracts';
