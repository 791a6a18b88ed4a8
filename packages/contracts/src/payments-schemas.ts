import { z } from './zod.js';
import { CatalogSubjects, CurrencyCodes, DefaultCurrency, DefaultPackageType, PackageTypes } from './catalog.js';
import { QuoteRequestSchema } from './catalog-schemas.js';
import { normaliseDiscountCode } from './discounts.js';
import { PaymentMessages, PaymentProviders, PaymentStatuses, RevenueLimits, RevenueMessages } from './payments.js';
import { singleLine } from './text.js';

/**
 * POST /api/create-payment-intent. docs/product.md §2: packageType defaults to singleSession, currency to
 * GBP. The discount code is trimmed and upper-cased; empty means none. Unknown keys (an `amount`
 * sent by the client, say) are dropped: the server computes every amount.
 */
export const CreatePaymentIntentBodySchema = QuoteRequestSchema.extend({
  packageType: QuoteRequestSchema.shape.packageType.default(DefaultPackageType),
  currency: QuoteRequestSchema.shape.currency.default(DefaultCurrency),
  discountCode: singleLine('Discount code')
    .max(64)
    .optional()
    .nullable()
    .transform((code) => (code ? normaliseDiscountCode(code) || undefined : undefined)),
});
export type CreatePaymentIntentBody = z.input<typeof CreatePaymentIntentBodySchema>;

/**
 * What catalog-payments receives over NATS: the body plus the buyer's address for the receipt, taken
 * by the gateway from the signed-in account (never from the client).
 */
export const CreatePaymentIntentRequestSchema = CreatePaymentIntentBodySchema.extend({
  buyer: z.object({ email: z.email(), name: z.string().nullable() }).nullable().default(null),
});
export type CreatePaymentIntentRequest = z.input<typeof CreatePaymentIntentRequestSchema>;

/**
 * The answer of POST /api/create-payment-intent (docs/product.md §3: clientSecret, discountApplied,
 * originalPrice, plus package and price display fields). `publishableKey` is null for the demo provider.
 */
export const PaymentIntentDtoSchema = z.object({
  paymentId: z.string().uuid(),
  provider: z.enum(PaymentProviders),
  publishableKey: z.string().nullable(),
  clientSecret: z.string().min(1),
  subject: z.enum(CatalogSubjects),
  packageType: z.enum(PackageTypes),
  packageName: z.string(),
  hours: z.number().int().positive(),
  currency: z.enum(CurrencyCodes),
  /** Charged amount in the currency's minor unit. */
  amount: z.number().int().positive(),
  formattedPrice: z.string(),
  /** The price before the discount, formatted with the currency symbol. */
  originalPrice: z.string(),
  discountApplied: z.boolean(),
  discountCode: z.string().nullable(),
  /** The discount in the currency's minor unit (0 without a code). */
  discountAmount: z.number().int().nonnegative(),
});
export type PaymentIntentDto = z.infer<typeof PaymentIntentDtoSchema>;

/** GET /api/payments/{paymentId}: the buyer's own payment, for the success page. */
export const PaymentDtoSchema = z.object({
  paymentId: z.string().uuid(),
  status: z.enum(PaymentStatuses),
  provider: z.enum(PaymentProviders),
  subject: z.enum(CatalogSubjects),
  packageName: z.string(),
  hours: z.number().int().positive(),
  currency: z.enum(CurrencyCodes),
  amount: z.number().int().positive(),
  formattedPrice: z.string(),
  discountCode: z.string().nullable(),
  createdAt: z.string().datetime(),
  paidAt: z.string().datetime().nullable(),
});
export type PaymentDto = z.infer<typeof PaymentDtoSchema>;

export const GetPaymentRequestSchema = z.object({ paymentId: z.string().uuid() });
export type GetPaymentRequest = z.infer<typeof GetPaymentRequestSchema>;

/** POST /api/payments/demo/confirm: the demo card form's submission. */
export const DemoConfirmBodySchema = z.object({
  paymentId: singleLine('Payment').uuid(),
  clientSecret: singleLine('Client secret').min(1),
  cardNumber: singleLine('Card number')
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, PaymentMessages.demoCardUnknown)),
  /** The answer to the demo's authentication step, for the card that asks for it. */
  authentication: z.enum(['approve', 'fail']).optional(),
});
export type DemoConfirmBody = z.input<typeof DemoConfirmBodySchema>;

export const DemoConfirmReplySchema = z.object({
  status: z.enum(PaymentStatuses),
  /** Why it did not succeed, in words for the buyer. */
  message: z.string().nullable(),
});
export type DemoConfirmReply = z.infer<typeof DemoConfirmReplySchema>;

/**
 * Bounds of the provider webhook (issue 24). Stripe's events are a few kilobytes (its largest, with
 * expanded lists, well under 100 kB), so 256 KiB leaves room to spare; beyond it the gateway answers
 * 413. The body crosses NATS base64-encoded: exactly the bytes received (the signature covers them,
 * and invalid UTF-8 would not survive a string), and a size known in advance, 4/3 of the body, where
 * JSON-escaping control characters or quotes grew it up to six times past NATS's 1 MB payload limit.
 */
export const ProviderWebhookLimits = {
  maxBodyBytes: 256 * 1024,
  /** Stripe's `t=…,v1=…` header; longer only with several secrets during a rotation. */
  maxSignatureLength: 4096,
} as const;

/** The raw provider webhook, forwarded by the gateway untouched so the signature can be checked. */
export const ProviderWebhookRequestSchema = z.object({
  /** The body's exact bytes, base64 (standard alphabet, padded). */
  rawBodyBase64: z
    .string()
    .max(Math.ceil(ProviderWebhookLimits.maxBodyBytes / 3) * 4)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/),
  signature: z.string().max(ProviderWebhookLimits.maxSignatureLength),
});
export type ProviderWebhookRequest = z.infer<typeof ProviderWebhookRequestSchema>;

export const ProviderWebhookReplySchema = z.object({ received: z.literal(true) });

/** payments.payment_succeeded.v1: a payment is paid; tutoring credits the package once per paymentId. */
export const PaymentSucceededV1Schema = z.object({
  paymentId: z.string().uuid(),
  userId: z.number().int().positive(),
  subject: z.enum(CatalogSubjects),
  packageType: z.enum(PackageTypes),
  packageName: z.string(),
  hours: z.number().int().positive(),
  currency: z.enum(CurrencyCodes),
  amount: z.number().int().positive(),
  discountCode: z.string().nullable(),
  provider: z.enum(PaymentProviders),
  paidAt: z.string().datetime(),
  /**
   * The buyer's address (their account's, as the gateway gave it at checkout): tutoring keeps a
   * buyer's consultation and trial requests, matched by address, past the never-bought period
   * (docs/privacy.md). Optional: events published before it existed have none.
   */
  buyerEmail: z.string().nullable().optional(),
});
export type PaymentSucceededV1 = z.infer<typeof PaymentSucceededV1Schema>;

/**
 * GET /api/admin/revenue?weeks=: the current week (UTC) and the weeks before it. Coerced, because a
 * query string carries text; the same schema validates the NATS request.
 */
export const RevenueByWeekRequestSchema = z.object({
  weeks: z.coerce
    .number({ error: RevenueMessages.weeksInvalid })
    .int(RevenueMessages.weeksInvalid)
    .min(1, RevenueMessages.weeksInvalid)
    .max(RevenueLimits.maxWeeks, RevenueMessages.weeksInvalid)
    .default(RevenueLimits.defaultWeeks),
});
export type RevenueByWeekRequest = z.input<typeof RevenueByWeekRequestSchema>;

/**
 * Succeeded payments in one currency, net of refunds (and lost disputes): never converted, since each
 * currency is charged as priced. A payment counts in the week it was paid.
 */
export const CurrencyRevenueSchema = z.object({
  currency: z.enum(CurrencyCodes),
  /** The net sum in the currency's minor unit: charged less refunded. */
  amountMinor: z.number().int(),
  /** `formatMinor` of the net sum, e.g. '£1240.00'. */
  formattedAmount: z.string(),
  payments: z.number().int().nonnegative(),
  /** What was charged, before refunds. */
  grossMinor: z.number().int().nonnegative(),
  /** What went back: refunds and lost disputes. */
  refundedMinor: z.number().int().nonnegative(),
});

/**
 * The same payments in GBP as Stripe settled them: the balance transactions' amounts (converted at
 * Stripe's own exchange rate), less refunds' settled amounts. Never computed from a kept rate: a
 * payment without a settlement figure yet (or paid with the demo provider in another currency) is
 * counted in `unsettledPayments` instead.
 */
export const SettledRevenueSchema = z.object({
  currency: z.literal('GBP'),
  amountMinor: z.number().int(),
  formattedAmount: z.string(),
  settledPayments: z.number().int().nonnegative(),
  unsettledPayments: z.number().int().nonnegative(),
});
export type SettledRevenue = z.infer<typeof SettledRevenueSchema>;
export type CurrencyRevenue = z.infer<typeof CurrencyRevenueSchema>;

/**
 * Totals list the default currency (GBP, what the checkout charges) first and always, zero when
 * nothing was paid, then any other currency paid in, in `CurrencyCodes` order.
 */
export const RevenueWeekSchema = z.object({
  /** The Monday (UTC) that starts the week, YYYY-MM-DD. */
  weekStarting: z.iso.date(),
  /** Succeeded payments in the week, all currencies together. */
  payments: z.number().int().nonnegative(),
  totals: z.array(CurrencyRevenueSchema),
  settledGbp: SettledRevenueSchema,
});
export type RevenueWeek = z.infer<typeof RevenueWeekSchema>;

/** Every week of the range, oldest first, including weeks without payments; `totals` cover the whole range. */
export const RevenueByWeekDtoSchema = z.object({
  weeks: z.array(RevenueWeekSchema),
  totals: z.array(CurrencyRevenueSchema),
  settledGbp: SettledRevenueSchema,
});
export type RevenueByWeekDto = z.infer<typeof RevenueByWeekDtoSchema>;

/**
 * A payment the provider took after its discount code had been spent by another payment: the buyer
 * paid, so the hours are credited as usual, and the payment is flagged for an admin to settle.
 */
export const PaymentConflictSchema = z.object({
  paymentId: z.string().uuid(),
  userId: z.number().int().positive(),
  buyerName: z.string().nullable(),
  buyerEmail: z.string().nullable(),
  packageName: z.string(),
  currency: z.enum(CurrencyCodes),
  amount: z.number().int().positive(),
  formattedPrice: z.string(),
  discountCode: z.string(),
  reason: z.string(),
  paidAt: z.string().datetime(),
});
export type PaymentConflict = z.infer<typeof PaymentConflictSchema>;

/** GET /api/admin/payments/conflicts: the newest conflicts and how many there are in all. */
export const PaymentConflictsDtoSchema = z.object({
  total: z.number().int().nonnegative(),
  conflicts: z.array(PaymentConflictSchema),
});
export type PaymentConflictsDto = z.infer<typeof PaymentConflictsDtoSchema>;
