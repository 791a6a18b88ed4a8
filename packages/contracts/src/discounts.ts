import { DiscountLimits } from './catalog.js';

export const DiscountMessages = {
  discountPriceInvalid: `Discount must be a whole number of pounds from ${DiscountLimits.minPounds} to ${DiscountLimits.maxPounds}`,
  /** Unknown, spent or held elsewhere alike: validity is checked only by the server and not shown (docs/product.md §5). */
  codeInvalid: 'This discount code is not valid',
} as const;

/** Codes are compared trimmed and upper-cased (docs/product.md §5), whatever the buyer typed. */
export const normaliseDiscountCode = (code: string): string => code.trim().toUpperCase();
