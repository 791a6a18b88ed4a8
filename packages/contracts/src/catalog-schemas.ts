import { z } from './zod.js';
import { CatalogMessages, CatalogSubjects, CurrencyCodes, PackageTypes } from './catalog.js';

export const QuoteSchema = z.object({
  subject: z.enum(CatalogSubjects),
  packageType: z.enum(PackageTypes),
  packageName: z.string(),
  hours: z.number().int().positive(),
  currency: z.enum(CurrencyCodes),
  amountMinor: z.number().int().positive(),
  originalAmountMinor: z.number().int().positive(),
  discountMinor: z.number().int().nonnegative(),
  formattedPrice: z.string(),
  formattedOriginalPrice: z.string(),
});
export type Quote = z.infer<typeof QuoteSchema>;

/** What a checkout asks a price for; the gateway and catalog-payments validate with it. */
export const QuoteRequestSchema = z.object({
  subject: z.enum(CatalogSubjects, { error: CatalogMessages.subjectInvalid }),
  packageType: z.enum(PackageTypes, { error: CatalogMessages.packageTypeInvalid }),
  currency: z.enum(CurrencyCodes, { error: CatalogMessages.currencyInvalid }),
});
export type QuoteRequest = z.infer<typeof QuoteRequestSchema>;

/** The public catalog (GET /api/catalog): prices in GBP; the frontends convert only for display. */
export const CatalogDtoSchema = z.object({
  subjects: z.array(
    z.object({
      name: z.enum(CatalogSubjects),
      available: z.boolean(),
      pricesGbp: z.record(z.enum(PackageTypes), z.number().int().positive()),
    }),
  ),
  packages: z.array(z.object({ type: z.enum(PackageTypes), name: z.string(), hours: z.number().int().positive() })),
  currencies: z.array(
    z.object({
      code: z.enum(CurrencyCodes),
      symbol: z.string(),
      multiplier: z.string(),
      exponent: z.union([z.literal(0), z.literal(2)]),
    }),
  ),
  defaultCurrency: z.enum(CurrencyCodes),
  defaultPackageType: z.enum(PackageTypes),
});
export type CatalogDto = z.infer<typeof CatalogDtoSchema>;
