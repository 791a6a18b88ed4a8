import { ErrorCodes, PaymentMessages, RefundMessages, ServerMessages } from '@medtutor/contracts';
import { DomainError } from '@medtutor/nest-kit';

/** Someone else's payment answers exactly like a missing one, so ids cannot be probed. */
export const paymentNotFound = () => new DomainError(ErrorCodes.notFound, ServerMessages.notFound);
export const providerUnavailable = () =>
  new DomainError(ErrorCodes.paymentProviderUnavailable, PaymentMessages.providerUnavailable);
export const paymentNotPending = () => new DomainError(ErrorCodes.paymentNotPending, PaymentMessages.paymentNotPending);
export const webhookSignatureInvalid = () =>
  new DomainError(ErrorCodes.webhookSignatureInvalid, PaymentMessages.webhookSignatureInvalid);
export const demoCardUnknown = () => new DomainError(ErrorCodes.validationFailed, PaymentMessages.demoCardUnknown);
export const adminPaymentNotFound = () => new DomainError(ErrorCodes.notFound, RefundMessages.paymentNotFound);
export const refundNotAllowed = (message: string) => new DomainError(ErrorCodes.refundNotAllowed, message);
