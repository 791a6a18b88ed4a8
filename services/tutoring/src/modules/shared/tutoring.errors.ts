import {
  ErrorCodes,
  PackageHoldMessages,
  TutorDeactivationMessages,
  TutorDirectoryMessages,
  TutoringMessages,
} from '@medtutor/contracts';
import { DomainError } from '@medtutor/nest-kit';

/** Someone else's package answers like a missing one, so ids cannot be probed. */
export const packageNotFound = () => new DomainError(ErrorCodes.notFound, TutoringMessages.packageNotFound);
export const tutorNotFound = () => new DomainError(ErrorCodes.notFound, TutorDirectoryMessages.tutorNotFound);
export const invalid = (message: string) => new DomainError(ErrorCodes.validationFailed, message);
/** An open payment dispute holds the package: no session may be logged against it. */
export const packageOnHold = () => new DomainError(ErrorCodes.packageOnHold, PackageHoldMessages.frozenByDispute);
/** The signed-in tutor's directory entry is deactivated: no tutor action is theirs any more (issue 24). */
export const tutorDeactivated = () =>
  new DomainError(ErrorCodes.tutorDeactivated, TutorDeactivationMessages.deactivated);
