import { ErrorCodes, TutorDirectoryMessages, TutorInvitationMessages } from '@medtutor/contracts';
import { DomainError } from '@medtutor/nest-kit';

/** A deactivated entry answers like a missing one: neither can be given a login. */
export const tutorNotFound = () => new DomainError(ErrorCodes.notFound, TutorDirectoryMessages.tutorNotFound);
export const tutorHasLogin = () => new DomainError(ErrorCodes.tutorHasLogin, TutorInvitationMessages.tutorHasLogin);
