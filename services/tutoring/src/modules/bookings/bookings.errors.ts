import { BookingMessages, ErrorCodes } from '@medtutor/contracts';
import { DomainError } from '@medtutor/nest-kit';

/** Someone else's booking answers like a missing one, so ids cannot be probed. */
export const bookingNotFound = () => new DomainError(ErrorCodes.notFound, BookingMessages.bookingNotFound);
export const slotTaken = () => new DomainError(ErrorCodes.slotTaken, BookingMessages.slotTaken);
export const slotNotOffered = (message: string = BookingMessages.slotNotOffered) =>
  new DomainError(ErrorCodes.slotNotOffered, message);
export const insufficientHours = () => new DomainError(ErrorCodes.insufficientHours, BookingMessages.insufficientHours);
export const bookingStatusConflict = () =>
  new DomainError(ErrorCodes.bookingStatusConflict, BookingMessages.statusConflict);
export const bookingChangeNotAllowed = (message: string) =>
  new DomainError(ErrorCodes.bookingChangeNotAllowed, message);
