import type { SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';

/** A contract schema as OpenAPI: bodies as clients send them (`input`), replies as they arrive. */
export const openApi = (schema: z.ZodType, io: 'input' | 'output' = 'output') =>
  z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as SchemaObject;
