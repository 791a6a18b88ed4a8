import type { PipeTransform } from '@nestjs/common';
import type { FieldError } from '@medtutor/contracts';
import type { z } from 'zod';
import { ApiErrors } from '../filters/api-error.js';
import { UnreadableBody } from './json-body.js';

/** One entry per invalid field, in the order zod found them, each with that field's first message. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const byField = new Map<string, string>();
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  return [...byField].map(([field, message]) => ({ field, message }));
}

/**
 * Parses a request body with a contract schema. A 400 carries the first issue's message, which is
 * the spec's text, and lists every invalid field. A missing body counts as `{}`, so it reports the
 * required fields. A body the parser could not read is refused here, after the route's guards.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body instanceof UnreadableBody) throw body.error;
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const errors = fieldErrors(result.error.issues);
  throw ApiErrors.validation(errors[0]?.message ?? 'Invalid request body', errors);
}

export class ZodBodyPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    return parseBody(this.schema, value);
  }
}
