import { type CreateDiscountCodeBody, type DiscountCodeDto, DiscountCodeDtoSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';

/** POST /api/admin/create-discount-code: a single-use code worth `discountPrice` pounds. */
export const createDiscountCode = (body: CreateDiscountCodeBody): Promise<DiscountCodeDto> =>
  apiRequest('POST', '/api/admin/create-discount-code', DiscountCodeDtoSchema, body);
