import { ErrorCodes, PayrollMessages, TutorDeactivationMessages } from '@medtutor/contracts';
import { DomainError } from '@medtutor/nest-kit';

/** Another tutor's payslip answers like a missing one, so ids cannot be probed. */
export const payslipNotFound = () => new DomainError(ErrorCodes.notFound, PayrollMessages.payslipNotFound);
export const statusConflict = (message: string) => new DomainError(ErrorCodes.payslipStatusConflict, message);
export const tutorNotLinked = () => new DomainError(ErrorCodes.tutorNotLinked, PayrollMessages.tutorNotLinked);
/** tutoring deactivated this tutor: their filed timesheets stay, new ones are refused (issue 24). */
export const tutorDeactivated = () =>
  new DomainError(ErrorCodes.tutorDeactivated, TutorDeactivationMessages.deactivated);
