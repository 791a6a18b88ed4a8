import {
  type CurrencyCode,
  disputeStatusRank,
  type DisputeStatus,
  EventTypes,
  PaymentMessages,
  type PaymentDisputedV1,
  type PaymentRefundedV1,
  type PaymentSucceededV1,
} from '@medtutor/contracts';
import type { Payment } from '../../generated/prisma/client.js';
import { disputedEvent, refundedEvent } from './money-back-events.js';
import type { ReportedDispute } from './providers/provider-events.js';

/**
 * A payment's lifecycle, in one place (issue 29): each transition takes the payment as stored and
 * returns the fields to change and the events to write, or a refusal. Pure: `PaymentRepository.apply`
 * writes the change with a conditional update on the state it was decided from and the events to the
 * outbox in the same transaction; no other file writes these fields.
 *
 *   pending ──requireAction──▶ requires_action
 *   pending | requires_action ──fail──▶ failed          (the discount hold is released by the caller)
 *   pending | requires_action ──cancel──▶ canceled      (superseded, abandoned, cancelled at the provider)
 *   any but succeeded ──pay──▶ succeeded                (the money was taken: a closed row is paid too)
 *   succeeded ──refund──▶ succeeded, refundedMinor grows (partial, then full)
 *   any ──dispute──▶ same status; lost: refundedMinor = amount
 *
 * Besides the status: `hold` (the provider reported other figures: never paid until an admin acts),
 * `flagCodeConflict` (paid after its code went to another payment) and `noteFailedAttempt` (one card
 * failed, the intent stays open).
 */

export type PaymentStatus = Payment['status'];

export const PAYMENT_STATUSES = [
  'pending',
  'requires_action',
  'succeeded',
  'failed',
  'canceled',
] as const satisfies readonly PaymentStatus[];

/** Statuses in which a payment may still be paid, failed or cancelled. */
export const OPEN = ['pending', 'requires_action'] as const;

export const SUPERSEDED = 'superseded by a newer checkout';
export const ABANDONED = 'checkout abandoned';

/** What became of an open checkout that was to be ended. */
export type EndOutcome = 'released' | 'paid' | 'kept';

export const isOpen = (status: PaymentStatus) => (OPEN as readonly string[]).includes(status);

/** The fields a transition may change: the payment's lifecycle. */
export type PaymentChanges = Partial<
  Pick<Payment, 'status' | 'paidAt' | 'failureReason' | 'conflictReason' | 'conflictAt' | 'refundedMinor'>
>;

/** An event to write to the outbox with the change (the repository gives it its id, version, time and correlation id). */
export type PaymentEvent =
  | { type: typeof EventTypes.paymentSucceeded; data: PaymentSucceededV1 }
  | { type: typeof EventTypes.paymentRefunded; data: PaymentRefundedV1 }
  | { type: typeof EventTypes.paymentDisputed; data: PaymentDisputedV1 };

export type Refusal =
  /** Only pending, requires_action: the checkout already ended. */
  | 'not_open'
  | 'not_pending'
  | 'already_paid'
  /** Held for an admin (the provider reported other figures): never paid by any path. */
  | 'held'
  | 'already_held'
  | 'not_paid'
  /** The refunded amount only grows: an older or equal figure changes nothing. */
  | 'nothing_new'
  /** A dispute only moves forward (open → won | lost), and belongs to one payment. */
  | 'dispute_not_forward'
  | 'already_flagged';

export type Transition =
  { ok: true; changes: PaymentChanges; events: PaymentEvent[] } | { ok: false; refusal: Refusal };

/** A transition with its input bound: what `PaymentRepository.apply` takes. */
export type Decide = (payment: Payment) => Transition;

const refused = (refusal: Refusal): Transition => ({ ok: false, refusal });
const allowed = (changes: PaymentChanges, events: PaymentEvent[] = []): Transition => ({ ok: true, changes, events });

/** The demo's 3-D Secure step: the card asks the buyer to authenticate. */
export function requireAction(payment: Payment): Transition {
  return payment.status === 'pending' ? allowed({ status: 'requires_action' }) : refused('not_pending');
}

/**
 * Paid, with payments.payment_succeeded.v1. A payment the provider reports paid is paid even if we
 * had closed it (the money was taken, so the hours are owed), unless `onlyIfOpen` (the demo, whose
 * intent is the row: a closed row is a cancelled intent). A held payment is never paid here.
 */
export function pay(payment: Payment, { paidAt, onlyIfOpen }: { paidAt: Date; onlyIfOpen: boolean }): Transition {
  if (payment.status === 'succeeded') return refused('already_paid');
  if (payment.conflictAt) return refused('held');
  if (onlyIfOpen && !isOpen(payment.status)) return refused('not_open');
  return allowed({ status: 'succeeded', paidAt, failureReason: null }, [
    { type: EventTypes.paymentSucceeded, data: succeededEvent(payment, paidAt) },
  ]);
}

/** Failed for good (a declined demo card, the provider unavailable): from an open state only, so a late failure never undoes a success. */
export function fail(payment: Payment, reason: string): Transition {
  return isOpen(payment.status) ? allowed({ status: 'failed', failureReason: reason }) : refused('not_open');
}

/** Cancelled: superseded by a newer checkout (`SUPERSEDED`), swept when abandoned (`ABANDONED`), or cancelled at the provider. */
export function cancel(payment: Payment, reason: string): Transition {
  return isOpen(payment.status) ? allowed({ status: 'canceled', failureReason: reason }) : refused('not_open');
}

/** One attempt failed (Stripe returns the intent to requires_payment_method): the payment stays open and keeps its hold. */
export function noteFailedAttempt(payment: Payment, reason: string): Transition {
  return isOpen(payment.status) ? allowed({ failureReason: reason }) : refused('not_open');
}

/** The provider reported it paid with another amount, currency or mode: held for an admin, not credited. */
export function hold(payment: Payment, { mismatch, at }: { mismatch: string[]; at: Date }): Transition {
  if (payment.status === 'succeeded') return refused('already_paid');
  if (payment.conflictAt) return refused('already_held');
  return allowed({ conflictReason: PaymentMessages.providerMismatch(mismatch.join(' and ')), conflictAt: at });
}

/** Paid after its discount code had gone to another payment: still credited, flagged for an admin. */
export function flagCodeConflict(payment: Payment, at: Date): Transition {
  if (payment.status !== 'succeeded') return refused('not_paid');
  if (payment.conflictAt) return refused('already_flagged');
  return allowed({ conflictReason: PaymentMessages.codeConflict, conflictAt: at });
}

/**
 * Money given back: the refunded amount rises to the largest figure known (ours, or the provider's
 * running total), capped at the amount; partial below it, full at it. Each rise writes one
 * payments.payment_refunded.v1 with the running total.
 */
export function refund(
  payment: Payment,
  { totalMinor, reason, at }: { totalMinor: number; reason: string | null; at: Date },
): Transition {
  // The provider may tell of a refund before the payment itself: it is taken in when the payment is paid.
  if (payment.status !== 'succeeded') return refused('not_paid');
  const total = Math.min(payment.amountMinor, Math.max(payment.refundedMinor, totalMinor));
  if (total <= payment.refundedMinor) return refused('nothing_new');
  return allowed({ refundedMinor: total }, [
    { type: EventTypes.paymentRefunded, data: refundedEvent(payment, total, total >= payment.amountMinor, reason, at) },
  ]);
}

/**
 * A chargeback's news, forward only (open → won | lost), each move one payments.payment_disputed.v1.
 * A lost dispute counts as a full refund (the bank took the money back). Any status, as the provider
 * reports it. `existing` is the dispute as we hold it, if we do.
 */
export function dispute(
  payment: Payment,
  { reported, existing }: { reported: ReportedDispute; existing: { paymentId: string; status: DisputeStatus } | null },
): Transition {
  if (
    existing &&
    (existing.paymentId !== payment.id || disputeStatusRank(existing.status) >= disputeStatusRank(reported.status))
  ) {
    return refused('dispute_not_forward');
  }
  const events: PaymentEvent[] = [{ type: EventTypes.paymentDisputed, data: disputedEvent(payment, reported) }];
  if (reported.status !== 'lost' || payment.refundedMinor >= payment.amountMinor) return allowed({}, events);
  events.push({
    type: EventTypes.paymentRefunded,
    data: refundedEvent(payment, payment.amountMinor, true, reported.reason, reported.at),
  });
  return allowed({ refundedMinor: payment.amountMinor }, events);
}

const succeededEvent = (payment: Payment, paidAt: Date): PaymentSucceededV1 => ({
  paymentId: payment.id,
  userId: payment.userId,
  subject: payment.subject as PaymentSucceededV1['subject'],
  packageType: payment.packageType as PaymentSucceededV1['packageType'],
  packageName: payment.packageName,
  hours: payment.hours,
  currency: payment.currency as CurrencyCode,
  amount: payment.amountMinor,
  discountCode: payment.discountCode,
  provider: payment.provider,
  paidAt: paidAt.toISOString(),
  buyerEmail: payment.buyerEmail,
});
