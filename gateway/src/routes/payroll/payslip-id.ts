import { type PayslipIdRequest, PayslipIdRequestSchema } from '@medtutor/contracts';
import { ApiErrors } from '../../filters/api-error.js';

/** A malformed id names no payslip: the same 404 as a missing one (or another tutor's). */
export function payslipIdOf(id: string): PayslipIdRequest {
  const parsed = PayslipIdRequestSchema.safeParse({ id });
  if (!parsed.success) throw ApiErrors.notFound();
  return parsed.data;
}
