import { AgeMessages, ConsentMessages, ErrorCodes, ServerMessages } from '@medtutor/contracts';
import { DomainError } from '@medtutor/nest-kit';

/** Under 13 by identity's clock: the schema refuses it first, so this is the midnight edge. */
export const tooYoung = () => new DomainError(ErrorCodes.tooYoung, AgeMessages.tooYoung);
export const dateOfBirthInvalid = () => new DomainError(ErrorCodes.validationFailed, AgeMessages.dateOfBirthInvalid);
export const guardianEmailOwn = () => new DomainError(ErrorCodes.validationFailed, AgeMessages.guardianEmailOwn);
export const guardianRequired = () => new DomainError(ErrorCodes.validationFailed, AgeMessages.guardianNameRequired);
/** Unknown, spent, replaced and expired links all answer alike. */
export const consentLinkInvalid = () => new DomainError(ErrorCodes.consentLinkInvalid, ConsentMessages.linkInvalid);
export const dateOfBirthAlreadySet = () =>
  new DomainError(ErrorCodes.consentConflict, ConsentMessages.dateOfBirthAlreadySet);
export const consentNotAwaited = () => new DomainError(ErrorCodes.consentConflict, ConsentMessages.notAwaiting);
export const resendTooSoon = () => new DomainError(ErrorCodes.rateLimited, ServerMessages.rateLimited);
