import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ApiErrors } from '../filters/api-error.js';

/**
 * Parses a request body with a contract schema. A 400 carries the first issue's message, which is
 * the spec's text. A missing body counts as `{}`, so it reports the first required field.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  throw ApiErrors.validation(result.error.issues[0]?.message ?? 'Invalid request body');
}

export class ZodBodyPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    return parseBody(this.schema, value);
  }
}
