import { CatalogMessages, ErrorCodes } from '@medtutor/contracts';
import { DomainError } from '@medtutor/nest-kit';

export const subjectUnavailable = (subject: string) =>
  new DomainError(ErrorCodes.subjectUnavailable, CatalogMessages.subjectUnavailable(subject), { subject });
