import { z } from './zod.js';

/** What a service replies over NATS when a request fails. */
export const RpcErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type RpcError = z.infer<typeof RpcErrorSchema>;

/** The `details` of a COMMON.OVERLOADED answer: when trying again makes sense. */
export const OverloadedDetailsSchema = z.object({ retryAfterSeconds: z.number().int().min(1).max(60) });
export type OverloadedDetails = z.infer<typeof OverloadedDetailsSchema>;

export const FieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** The one HTTP error body the gateway answers with; a 400 also lists every invalid field. */
export const ApiErrorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  /** For a 400, the first problem in the spec's words. */
  message: z.string(),
  errors: z.array(FieldErrorSchema).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
