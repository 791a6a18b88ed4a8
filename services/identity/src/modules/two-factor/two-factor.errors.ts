import { ErrorCodes, SecondFactorMessages, ServerMessages } from '@medtutor/contracts';
import { DomainError, forbidden } from '@medtutor/nest-kit';

/** One answer for a wrong, spent or replayed code. */
export const secondFactorInvalid = () =>
  new DomainError(ErrorCodes.secondFactorInvalid, ServerMessages.secondFactorInvalid);
export const alreadyEnabled = () =>
  new DomainError(ErrorCodes.secondFactorConflict, ServerMessages.secondFactorAlreadyEnabled);
export const setupNotStarted = () =>
  new DomainError(ErrorCodes.secondFactorConflict, ServerMessages.secondFactorNotStarted);
/** A lifecycle change with a wrong password or code: one answer for both, counted as a failed guess. */
export const changeRefused = () => new DomainError(ErrorCodes.secondFactorInvalid, SecondFactorMessages.changeRefused);
export const notEnabled = () => new DomainError(ErrorCodes.secondFactorConflict, SecondFactorMessages.notEnabled);
export const reEnrolNotStarted = () =>
  new DomainError(ErrorCodes.secondFactorConflict, SecondFactorMessages.reEnrolNotStarted);
export const requiredForAccount = () => forbidden(SecondFactorMessages.required);
export const ownReset = () => forbidden(SecondFactorMessages.ownReset);
