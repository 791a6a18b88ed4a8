import { ErrorCodes, ServerMessages, TutorDeactivationMessages } from '@medtutor/contracts';
import { DomainError } from '@medtutor/nest-kit';

export const usernameTaken = () => new DomainError(ErrorCodes.usernameTaken, ServerMessages.usernameTaken);
export const emailTaken = () => new DomainError(ErrorCodes.emailTaken, ServerMessages.emailTaken);
/** One answer for an unknown email and a wrong password, so a login cannot probe for accounts. */
export const invalidCredentials = () =>
  new DomainError(ErrorCodes.invalidCredentials, ServerMessages.invalidCredentials);
/** One of the most common passwords: an online guesser would try it first. */
export const passwordTooCommon = () => new DomainError(ErrorCodes.passwordTooCommon, ServerMessages.passwordTooCommon);
/** A dismissed tutor's right password (issue 24): said plainly, since only the owner of the password learns it. */
export const tutorDeactivated = () =>
  new DomainError(ErrorCodes.tutorDeactivated, TutorDeactivationMessages.deactivated);
