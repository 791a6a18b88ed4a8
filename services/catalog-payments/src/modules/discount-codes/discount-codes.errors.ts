import { DiscountMessages, ErrorCodes } from '@medtutor/contracts';
import { DomainError } from '@medtutor/nest-kit';

/** Unknown, spent and held alike: the answer must not tell a buyer (or a guesser) which one it was. */
export const discountCodeInvalid = () => new DomainError(ErrorCodes.discountCodeInvalid, DiscountMessages.codeInvalid);
