import { type Actor, ErrorCodes, PayrollMessages, ServerMessages } from '@medtutor/contracts';
import { DomainError } from '@medtutor/nest-kit';

export const unauthenticated = () => new DomainError(ErrorCodes.unauthenticated, ServerMessages.unauthenticated);
export const forbidden = () => new DomainError(ErrorCodes.forbidden, ServerMessages.forbidden);
/** Another tutor's payslip answers like a missing one, so ids cannot be probed. */
export const payslipNotFound = () => new DomainError(ErrorCodes.notFound, PayrollMessages.payslipNotFound);
export const statusConflict = (message: string) => new DomainError(ErrorCodes.payslipStatusConflict, message);
export const tutorNotLinked = () => new DomainError(ErrorCodes.tutorNotLinked, PayrollMessages.tutorNotLinked);

/** Payroll has two audiences: admins (all payslips) and tutors (their own). */
export const requireRole = <R extends 'admin' | 'tutor'>(actor: Actor | null, role: R): Actor & { role: R } => {
  if (!actor) throw unauthenticated();
  if (actor.role !== role) throw forbidden();
  return actor as Actor & { role: R };
};
