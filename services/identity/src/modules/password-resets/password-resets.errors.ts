import { ErrorCodes, ServerMessages } from '@medtutor/contracts';
import { DomainError } from '@medtutor/nest-kit';

/** Unknown, used, superseded and expired tokens all answer alike. */
export const resetTokenInvalid = () => new DomainError(ErrorCodes.resetTokenInvalid, ServerMessages.resetTokenInvalid);
