import { jsonSchemaOf } from '../../http/openapi.js';

/** A contract schema as OpenAPI: bodies as clients send them (`input`), replies as they arrive. */
export const openApi = jsonSchemaOf;
