import { z } from './zod.js';
import { DiscountLimits } from './catalog.js';
import { DiscountMessages } from './discounts.js';

/**
 * POST /api/admin/create-discount-code. docs/product.md §5: an integer 1–100 that falls back to 30 when
 * empty, so an absent value, null and '' all mean the default.
 */
export const CreateDiscountCodeBodySchema = z.object({
  discountPrice: z
    .preprocess(
      (value) => (value === undefined || value === null || value === '' ? DiscountLimits.defaultPounds : value),
      z.coerce
        .number({ error: DiscountMessages.discountPriceInvalid })
        .int(DiscountMessages.discountPriceInvalid)
        .min(DiscountLimits.minPounds, DiscountMessages.discountPriceInvalid)
        .max(DiscountLimits.maxPounds, DiscountMessages.discountPriceInvalid),
    )
    // The preprocess hides the default from JSON Schema; the OpenAPI document states it.
    .meta({ default: DiscountLimits.defaultPounds }),
});
export type CreateDiscountCodeBody = z.input<typeof CreateDiscountCodeBodySchema>;

export const DiscountCodeDtoSchema = z.object({
  code: z.string(),
  discountPrice: z.number().int(),
});
export type DiscountCodeDto = z.infer<typeof DiscountCodeDtoSchema>;
