import { ErasureMessages, ErrorCodes, TwoFactorTexts } from '@medtutor/contracts';
import { DomainError, forbidden } from '@medtutor/nest-kit';

export const studentsOnly = () => forbidden(ErasureMessages.studentsOnly);
export const ownAccount = () => forbidden(ErasureMessages.ownAccount);
/** An account with two-factor authentication must give a code too; asked before the password is tried. */
export const codeRequired = () => new DomainError(ErrorCodes.validationFailed, TwoFactorTexts.codeRequired);
