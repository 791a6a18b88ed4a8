import { ErrorCodes, ServerMessages } from '@medtutor/contracts';
import { DomainError } from '@medtutor/nest-kit';

export const unauthenticated = () => new DomainError(ErrorCodes.unauthenticated, ServerMessages.unauthenticated);
export const forbidden = () => new DomainError(ErrorCodes.forbidden, ServerMessages.forbidden);
