import { ErrorCodes, ServerMessages } from '@medtutor/contracts';
import { DomainError, forbidden } from '@medtutor/nest-kit';

/** One answer for a wrong, spent or replayed code. */
export const secondFactorInvalid = () =>
  new DomainError(ErrorCodes.secondFactorInvalid, ServerMessages.secondFactorInvalid);
export const alreadyEnabled = () =>
  new DomainError(ErrorCodes.secondFactorConflict, ServerMessages.secondFactorAlreadyEnabled);
export const setupNotStarted = () =>
  new DomainError(ErrorCodes.secondFactorConflict, ServerMessages.secondFactorNotStarted);
export const notForRole = () => forbidden(ServerMessages.secondFactorNotForRole);
