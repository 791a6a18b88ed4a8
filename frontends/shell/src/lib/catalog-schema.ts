/* The fetched catalog's schema, imported when GET /api/catalog answers: the bundled copy needs no check. */
export { CatalogDtoSchema } from '@medtutor/contracts';
