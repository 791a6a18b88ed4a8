import { z } from './zod.js';
import { CatalogSubjects, CurrencyCodes, PackageTypes } from './catalog.js';
import { PaymentProviders } from './payments.js';
import { multiLine, singleLine } from './text.js';

/**
 * Money after the sale (issue 16): the admin payments list, refunds, disputes and the events that
 * make tutoring take hours back. Amounts are in the currency's minor unit, as charged.
 */

/**
 * A payment as the admin list shows it. `partially_refunded` and `refunded` follow the refunded
 * amount; `disputed` while a dispute is open (a lost dispute counts as refunded in full).
 */
export const AdminPaymentStatuses = [
  'pending',
  'succeeded',
  'partially_refunded',
  'refunded',
  'disputed',
  'failed',
  'canceled',
] as const;
export type AdminPaymentStatus = (typeof AdminPaymentStatuses)[number];

export const RefundStatuses = ['pending', 'succeeded', 'failed', 'canceled'] as const;
export type RefundStatus = (typeof RefundStatuses)[number];

export const DisputeStatuses = ['open', 'won', 'lost'] as const;
export type DisputeStatus = (typeof DisputeStatuses)[number];

export const AdminPaymentsLimits = { defaultPageSize: 20, maxPageSize: 100, searchMax: 200, reasonMax: 500 } as const;

export const RefundMessages = {
  reasonRequired: 'Please give a reason for the refund',
  amountInvalid: 'The refund amount must be a whole number of the smallest currency unit (e.g. pence), at least 1',
  notRefundable: 'Only a paid payment can be refunded',
  nothingLeft: 'This payment has already been refunded in full',
  tooLarge: (formattedLeft: string) => `At most ${formattedLeft} can still be refunded`,
  disputeOpen: 'This payment is disputed: it cannot be refunded while the dispute is open',
  providerRefused: 'The payment provider refused the refund. Please try again or refund it from the Stripe dashboard.',
  /** What is left is held by a refund Stripe has not confirmed yet (its answer was lost): checked automatically. */
  awaitingProvider:
    'A refund of this payment is waiting for confirmation from the payment provider: it is checked automatically, so please do not refund it again',
  paymentNotFound: 'Payment not found',
  dateRangeInvalid: 'The start date must be on or before the end date',
  /** The admin Payments tab's toast after a refund was asked for. */
  refundRequested: 'Refund requested',
} as const;

/** An empty query-string value (a cleared filter) means no filter. */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalFilter = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/**
 * GET /api/admin/payments: search (student email or name, discount code, payment id or Stripe
 * reference) and filters (status, currency, created date range, inclusive, UTC), paginated. Coerced,
 * because a query string carries text; the same schema validates the NATS request.
 */
export const AdminPaymentsQuerySchema = z
  .object({
    q: optionalFilter(singleLine('Search').trim().max(AdminPaymentsLimits.searchMax)),
    status: optionalFilter(z.enum(AdminPaymentStatuses)),
    currency: optionalFilter(z.enum(CurrencyCodes)),
    from: optionalFilter(z.iso.date()),
    to: optionalFilter(z.iso.date()),
    page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
    pageSize: z.preprocess(
      blankToUndefined,
      z.coerce.number().int().min(1).max(AdminPaymentsLimits.maxPageSize).default(AdminPaymentsLimits.defaultPageSize),
    ),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: RefundMessages.dateRangeInvalid,
    path: ['to'],
  });
export type AdminPaymentsQuery = z.input<typeof AdminPaymentsQuerySchema>;

export const AdminDisputeSchema = z.object({
  /** Stripe's dispute id (dp_…). */
  id: z.string(),
  status: z.enum(DisputeStatuses),
  amount: z.number().int().nonnegative(),
  formattedAmount: z.string(),
  reason: z.string().nullable(),
  openedAt: z.string().datetime(),
  closedAt: z.string().datetime().nullable(),
});
export type AdminDispute = z.infer<typeof AdminDisputeSchema>;

/** One row of the admin payments list. */
export const AdminPaymentSchema = z.object({
  paymentId: z.string().uuid(),
  userId: z.number().int().positive(),
  studentName: z.string().nullable(),
  studentEmail: z.string().nullable(),
  subject: z.enum(CatalogSubjects),
  packageType: z.enum(PackageTypes),
  packageName: z.string(),
  hours: z.number().int().positive(),
  currency: z.enum(CurrencyCodes),
  amount: z.number().int().positive(),
  formattedAmount: z.string(),
  discountCode: z.string().nullable(),
  status: z.enum(AdminPaymentStatuses),
  refundedAmount: z.number().int().nonnegative(),
  formattedRefundedAmount: z.string(),
  /** What an admin may still refund: 0 unless paid, and 0 while a dispute is open. */
  refundableAmount: z.number().int().nonnegative(),
  provider: z.enum(PaymentProviders),
  /** The provider's id of the charge (Stripe's PaymentIntent, pi_…); null until the provider answered. */
  providerReference: z.string().nullable(),
  createdAt: z.string().datetime(),
  paidAt: z.string().datetime().nullable(),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;

export const AdminPaymentsPageSchema = z.object({
  items: z.array(AdminPaymentSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type AdminPaymentsPage = z.infer<typeof AdminPaymentsPageSchema>;

export const AdminRefundSchema = z.object({
  id: z.string().uuid(),
  /** Stripe's refund id (re_…); null only while the provider has not answered. */
  providerRefundId: z.string().nullable(),
  amount: z.number().int().positive(),
  formattedAmount: z.string(),
  status: z.enum(RefundStatuses),
  reason: z.string().nullable(),
  /** Null for a refund made in the Stripe dashboard. */
  requestedBy: z.number().int().positive().nullable(),
  createdAt: z.string().datetime(),
});
export type AdminRefund = z.infer<typeof AdminRefundSchema>;

/** The settlement Stripe reported: the amount in the account's currency and the rate it used. */
export const SettlementSchema = z.object({
  currency: z.enum(CurrencyCodes),
  amount: z.number().int(),
  formattedAmount: z.string(),
  /** Null when no conversion happened (same currency). */
  exchangeRate: z.number().positive().nullable(),
});
export type Settlement = z.infer<typeof SettlementSchema>;

/** GET /api/admin/payments/{id}: the row plus its refunds, disputes and settlement, for the drawer. */
export const AdminPaymentDetailSchema = AdminPaymentSchema.extend({
  failureReason: z.string().nullable(),
  refunds: z.array(AdminRefundSchema),
  disputes: z.array(AdminDisputeSchema),
  settlement: SettlementSchema.nullable(),
});
export type AdminPaymentDetail = z.infer<typeof AdminPaymentDetailSchema>;

export const AdminPaymentIdSchema = z.object({ paymentId: z.string().uuid() });

/**
 * POST /api/admin/payments/{id}/refund: the amount in the payment's minor unit (default: all that is
 * left) and a reason, which the student's email and the hours ledger quote. The amount is a JSON
 * number and nothing else: no coercion, so `true` (which coerced to 1, a one-penny refund), `"100"`
 * and `1.5` are refused rather than guessed at. Absent or null means all that is left.
 */
export const RefundBodySchema = z.object({
  amount: z.preprocess(
    (value) => (value === null ? undefined : value),
    z
      .number({ error: RefundMessages.amountInvalid })
      .int(RefundMessages.amountInvalid)
      .positive(RefundMessages.amountInvalid)
      .optional(),
  ),
  reason: multiLine('Reason', { error: RefundMessages.reasonRequired })
    .trim()
    .min(1, RefundMessages.reasonRequired)
    .max(AdminPaymentsLimits.reasonMax),
});
export type RefundBody = z.input<typeof RefundBodySchema>;

/** What catalog-payments receives: the path's payment id with the body. */
export const RefundPaymentRequestSchema = RefundBodySchema.extend({ paymentId: z.string().uuid() });
export type RefundPaymentRequest = z.input<typeof RefundPaymentRequestSchema>;

/** What both payment events carry about the purchase, so consumers need not ask. */
const PurchaseFacts = z.object({
  paymentId: z.string().uuid(),
  userId: z.number().int().positive(),
  /** The buyer's address at checkout, for the student's email; null when none was recorded. */
  buyerEmail: z.string().nullable(),
  buyerName: z.string().nullable(),
  subject: z.enum(CatalogSubjects),
  packageName: z.string(),
  /** The hours the payment bought. */
  hours: z.number().int().positive(),
  currency: z.enum(CurrencyCodes),
  /** What was charged, minor unit. */
  amount: z.number().int().positive(),
});

/**
 * payments.payment_refunded.v1: the money given back on a payment grew. `refundedAmount` is the
 * running total (never the increment), so a consumer applying the largest one it has seen is right
 * under duplicates and in any order. `fullyRefunded` also covers a lost dispute.
 */
export const PaymentRefundedV1Schema = PurchaseFacts.extend({
  refundedAmount: z.number().int().positive(),
  fullyRefunded: z.boolean(),
  /** The latest refund's reason, as the admin gave it (null for one made in the Stripe dashboard). */
  reason: z.string().nullable(),
  refundedAt: z.string().datetime(),
});
export type PaymentRefundedV1 = z.infer<typeof PaymentRefundedV1Schema>;

/**
 * payments.payment_disputed.v1: a dispute (chargeback) opened or closed. Its states only move
 * forward (open → won | lost), so a consumer ignores a state older than the one it holds. A lost
 * dispute is also announced as a full refund.
 */
export const PaymentDisputedV1Schema = PurchaseFacts.extend({
  disputeId: z.string().min(1),
  status: z.enum(DisputeStatuses),
  disputedAmount: z.number().int().nonnegative(),
  reason: z.string().nullable(),
  at: z.string().datetime(),
});
export type PaymentDisputedV1 = z.infer<typeof PaymentDisputedV1Schema>;

/** Ranks dispute states so a late "open" never undoes a closed dispute. */
export const disputeStatusRank = (status: DisputeStatus): number => (status === 'open' ? 0 : 1);

/**
 * Hours a refund takes back from a package: the refunded share of the hours bought, rounded up to
 * the half hour (a 5-hour package refunded 40 % loses 2 hours, 50 % loses 2.5); all of them when
 * refunded in full. Whole integers until the one division, so the result is exact.
 */
export function hoursToTakeBack(hours: number, amount: number, refundedAmount: number, fullyRefunded: boolean): number {
  if (fullyRefunded || refundedAmount >= amount) return hours;
  if (refundedAmount <= 0) return 0;
  return Math.min(hours, Math.ceil((2 * hours * refundedAmount) / amount) / 2);
}

/** Why a package cannot be booked or used, as the student and the tutor read it. */
export const PackageHoldMessages = {
  frozenByDispute: 'This package is on hold while a payment dispute is reviewed',
  overdrawn: 'More hours were used than remain after a refund: an administrator will be in touch',
} as const;
