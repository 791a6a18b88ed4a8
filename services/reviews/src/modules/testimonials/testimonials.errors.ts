import { ErrorCodes, ReviewsMessages } from '@medtutor/contracts';
import { DomainError } from '@medtutor/nest-kit';

export const testimonialNotFound = () => new DomainError(ErrorCodes.notFound, ReviewsMessages.testimonialNotFound);
