/**
 * The contracts schemas of the /auth forms, imported only through `import()` by those forms, so zod
 * stays out of the page's start-up JavaScript until a form is first used.
 */
export { LoginBodySchema, RegisterFormSchema, SecondFactorCodeBodySchema } from '@medtutor/contracts';
