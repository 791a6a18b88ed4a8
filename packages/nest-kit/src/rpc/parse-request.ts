import { ErrorCodes, RpcMetaSchema, type RpcMeta } from '@medtutor/contracts';
import type { z } from 'zod';
import { DomainError } from '../errors/domain-error.js';

export interface ParsedRequest<T> {
  meta: RpcMeta;
  data: T;
}

/**
 * Validates an incoming `{ meta, data }` request. Services never trust that the gateway validated:
 * the same contract schema runs again here.
 */
export function parseRequest<S extends z.ZodType>(schema: S, payload: unknown): ParsedRequest<z.output<S>> {
  const envelope = payload as { meta?: unknown; data?: unknown } | null;
  const meta = RpcMetaSchema.safeParse(envelope?.meta);
  if (!meta.success) throw new DomainError(ErrorCodes.validationFailed, 'Invalid request metadata');
  const data = schema.safeParse(envelope?.data);
  if (!data.success) {
    const first = data.error.issues[0];
    throw new DomainError(ErrorCodes.validationFailed, first?.message ?? 'Invalid request', {
      issues: data.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })),
    });
  }
  return { meta: meta.data, data: data.data };
}
