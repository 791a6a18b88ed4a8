/** The reply schemas of the consent page, imported only through `import()`, so zod loads with the first answer. */
export { ConsentStateReplySchema, GuardianConsentDetailsSchema } from '@medtutor/contracts';
