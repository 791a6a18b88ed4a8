import type { ReportedRefund } from './providers/provider-events.js';

/**
 * Comparing catalog-payments' payments and refunds with Stripe's (issue 28: after a restore, or a
 * webhook that never came): pure, so each rule is tested without a database or Stripe. The command
 * (`npm run payments -- reconcile`) gathers both sides, calls `reconcile` and applies the repairs
 * through the paths the webhook takes.
 */

/** A Stripe payment of ours as our table holds it. */
export interface PlatformPayment {
  id: string;
  /** pending | requires_action | succeeded | failed | canceled */
  status: string;
  amountMinor: number;
  /** Upper case (GBP). */
  currency: string;
  providerPaymentId: string | null;
  /** Held for an admin (another amount, currency or mode reported; a discount-code conflict once paid). */
  flagged: boolean;
}

export interface PlatformRefund {
  id: string;
  paymentId: string;
  providerRefundId: string | null;
  amountMinor: number;
  /** pending | succeeded | failed | canceled */
  status: string;
}

/** A PaymentIntent as Stripe holds it. */
export interface StripeIntent {
  id: string;
  status: string;
  amountMinor: number;
  /** Lower case, as Stripe writes it (gbp). */
  currency: string;
  /** Our payment id from the intent's metadata; null for an intent this platform did not make. */
  paymentId: string | null;
  /** When its charge was made (the moment it was paid); null while unpaid. */
  paidAt: Date | null;
}

/** A Stripe refund, already in the shape the money-back path records (`reportedRefund`). */
export interface StripeRefund {
  reported: ReportedRefund;
  paymentIntentId: string | null;
  createdAt: Date;
}

export type DifferenceKind =
  /** The webhook that would have paid it never arrived: Stripe took the money, we still wait. */
  | 'paid_at_stripe_not_here'
  /** Stripe took the money, but the payment is held for an admin: never credited automatically. */
  | 'paid_at_stripe_held_here'
  /** Marked paid here, not succeeded at Stripe: never repaired automatically. */
  | 'paid_here_not_at_stripe'
  | 'amount_mismatch'
  | 'currency_mismatch'
  /** Our payment names an intent Stripe does not have. */
  | 'missing_at_stripe'
  /** A paid intent of ours (by its metadata) with no payment here: made after the restored dump. */
  | 'missing_here'
  /** A refund at Stripe with no row here (made in the dashboard, or after the restored dump). */
  | 'refund_missing_here'
  /** A refund row whose Stripe id or status lags behind Stripe's (its webhook never arrived). */
  | 'refund_outdated_here'
  | 'refund_amount_mismatch';

export type Repair =
  | { action: 'mark_paid'; paymentId: string; paidAt: Date }
  | { action: 'record_refund'; paymentId: string; refund: ReportedRefund; at: Date };

export interface Side {
  status: string;
  amountMinor: number;
  currency: string;
}

export interface Difference {
  kind: DifferenceKind;
  paymentId: string | null;
  /** The intent (pi_…) or refund (re_…) the difference is about. */
  stripeId: string;
  here: Side | null;
  stripe: Side | null;
  /** What would set it right through the webhook's own path; null when only a person should act. */
  repair: Repair | null;
}

/** Statuses in which a payment was not (yet) credited. */
const UNPAID = new Set(['pending', 'requires_action', 'failed', 'canceled']);

/**
 * Every difference between the two sides, payments before refunds. `now` dates a repair whose Stripe
 * object carries no time of its own.
 */
export function reconcile(
  here: { payments: PlatformPayment[]; refunds: PlatformRefund[] },
  stripe: { intents: StripeIntent[]; refunds: StripeRefund[] },
  now: Date,
): Difference[] {
  const differences: Difference[] = [];
  const intents = new Map(stripe.intents.map((intent) => [intent.id, intent]));
  const paymentsByIntent = new Map<string, PlatformPayment>();

  for (const payment of here.payments) {
    if (!payment.providerPaymentId) continue; // the provider never answered: no intent to compare
    paymentsByIntent.set(payment.providerPaymentId, payment);
    const intent = intents.get(payment.providerPaymentId);
    const ours = sideOf(payment);
    const note = (kind: DifferenceKind, repair: Repair | null = null) =>
      differences.push({
        kind,
        paymentId: payment.id,
        stripeId: payment.providerPaymentId as string,
        here: ours,
        stripe: intent ? sideOfIntent(intent) : null,
        repair,
      });
    if (!intent) {
      note('missing_at_stripe');
      continue;
    }
    const amountDiffers = intent.amountMinor !== payment.amountMinor;
    const currencyDiffers = intent.currency.toUpperCase() !== payment.currency.toUpperCase();
    if (amountDiffers) note('amount_mismatch');
    if (currencyDiffers) note('currency_mismatch');
    if (intent.status === 'succeeded' && UNPAID.has(payment.status)) {
      // The webhook would not credit a payment whose intent disagrees with it, nor one held for an admin.
      if (payment.flagged || amountDiffers || currencyDiffers) note('paid_at_stripe_held_here');
      else
        note('paid_at_stripe_not_here', { action: 'mark_paid', paymentId: payment.id, paidAt: intent.paidAt ?? now });
    }
    if (payment.status === 'succeeded' && intent.status !== 'succeeded') note('paid_here_not_at_stripe');
  }

  for (const intent of stripe.intents) {
    if (intent.status !== 'succeeded' || !intent.paymentId || paymentsByIntent.has(intent.id)) continue;
    differences.push({
      kind: 'missing_here',
      paymentId: intent.paymentId,
      stripeId: intent.id,
      here: null,
      stripe: sideOfIntent(intent),
      repair: null,
    });
  }

  const refundsByStripeId = new Map(
    here.refunds.flatMap((refund) => (refund.providerRefundId ? [[refund.providerRefundId, refund] as const] : [])),
  );
  const refundsById = new Map(here.refunds.map((refund) => [refund.id, refund]));
  for (const refund of stripe.refunds) {
    const payment = refund.paymentIntentId ? paymentsByIntent.get(refund.paymentIntentId) : undefined;
    if (!payment) continue; // another platform's refund, or its payment is reported above as missing here
    const { reported } = refund;
    // Found as the money-back path finds it: by Stripe's id, else by our id in Stripe's metadata.
    const ours =
      refundsByStripeId.get(reported.providerRefundId) ??
      (reported.refundId ? refundsById.get(reported.refundId) : undefined);
    const theirs: Side = { status: reported.status, amountMinor: reported.amountMinor, currency: payment.currency };
    const note = (kind: DifferenceKind, repair: Repair | null) =>
      differences.push({
        kind,
        paymentId: payment.id,
        stripeId: reported.providerRefundId,
        here: ours ? { status: ours.status, amountMinor: ours.amountMinor, currency: payment.currency } : null,
        stripe: theirs,
        repair,
      });
    const repair: Repair = { action: 'record_refund', paymentId: payment.id, refund: reported, at: refund.createdAt };
    if (!ours) {
      note('refund_missing_here', repair);
      continue;
    }
    if (ours.amountMinor !== reported.amountMinor) {
      note('refund_amount_mismatch', null);
      continue;
    }
    // A final status is never turned back into pending (MoneyBackService.recordRefund).
    const statusBehind =
      ours.status !== reported.status && !(reported.status === 'pending' && ours.status !== 'pending');
    if (ours.providerRefundId !== reported.providerRefundId || statusBehind) note('refund_outdated_here', repair);
  }
  return differences;
}

const sideOf = (payment: PlatformPayment): Side => ({
  status: payment.status,
  amountMinor: payment.amountMinor,
  currency: payment.currency.toUpperCase(),
});

const sideOfIntent = (intent: StripeIntent): Side => ({
  status: intent.status,
  amountMinor: intent.amountMinor,
  currency: intent.currency.toUpperCase(),
});

/** What became of a difference in this run. */
export type Outcome = 'repaired' | 'already_repaired' | 'repairable' | 'report_only' | `failed: ${string}`;

const OUTCOME_TEXT: Record<string, string> = {
  repaired: 'repaired',
  already_repaired: 'already repaired (by its webhook meanwhile)',
  repairable: 'repairable with --repair',
  report_only: 'report only: needs a person',
};

/** One line per difference: ids, statuses and minor amounts only, never the buyer. */
export function differenceLine(difference: Difference, outcome: Outcome): string {
  const side = (value: Side | null) => (value ? `${value.status} ${value.amountMinor} ${value.currency}` : 'none');
  return [
    difference.kind,
    `payment=${difference.paymentId ?? '-'}`,
    `stripe=${difference.stripeId}`,
    `here=${side(difference.here)}`,
    `at_stripe=${side(difference.stripe)}`,
    `→ ${OUTCOME_TEXT[outcome] ?? `repair failed (${outcome.slice('failed: '.length)})`}`,
  ].join(' ');
}

/** Differences still wrong after this run: reported only, repairable but not repaired, or failed. */
export const unrepaired = (outcomes: Outcome[]) =>
  outcomes.filter((outcome) => outcome !== 'repaired' && outcome !== 'already_repaired').length;

const DURATION = /^(\d+)(m|h|d)$/;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/**
 * `--since`: an ISO 8601 time (2027-03-01T02:15:00Z) or a duration back from now (90m, 24h, 7d).
 * Null when it is neither, or in the future.
 */
export function parseSince(value: string, now: Date): Date | null {
  const duration = DURATION.exec(value.trim());
  if (duration) {
    const [, amount = '0', unit = 'h'] = duration;
    return new Date(now.getTime() - Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS]);
  }
  // A bare date-time without a zone would be read in the machine's zone: ask for one.
  if (!/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2}))?$/.test(value.trim())) return null;
  const at = new Date(value.trim());
  return Number.isNaN(at.getTime()) || at > now ? null : at;
}
