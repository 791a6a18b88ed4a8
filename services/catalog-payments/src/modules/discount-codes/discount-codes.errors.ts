import { DiscountMessages, ErrorCodes, ServerMessages } from '@medtutor/contracts';
import { DomainError } from '@medtutor/nest-kit';

export const discountCodeInvalid = () => new DomainError(ErrorCodes.discountCodeInvalid, DiscountMessages.codeInvalid);
export const discountCodeUsed = () => new DomainError(ErrorCodes.discountCodeUsed, DiscountMessages.codeUsed);
export const forbidden = () => new DomainError(ErrorCodes.forbidden, ServerMessages.forbidden);
