import type Stripe from 'stripe';
import type { ProviderRefundStatus } from './payment-provider.js';
import type { ProviderChange, ProviderEvent, ReportedDispute, ReportedRefund } from './provider-events.js';

/** A verified Stripe event in our words, for `PaymentWebhooksService.receive`. */
export function stripeProviderEvent(event: Stripe.Event): ProviderEvent {
  const at = new Date(event.created * 1000);
  return { id: event.id, provider: 'stripe', type: event.type, at, change: changeOf(event, at) };
}

function changeOf(event: Stripe.Event, at: Date): ProviderChange {
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      return {
        kind: 'intent_succeeded',
        intentId: intent.id,
        metadata: intent.metadata,
        amountMinor: intent.amount,
        currency: typeof intent.currency === 'string' ? intent.currency : '',
        livemodes: intent.livemode === undefined ? [event.livemode] : [event.livemode, intent.livemode],
        onlyIfOpen: false,
      };
    }
    case 'charge.refunded': {
      // Refunds made anywhere (our admin, the Stripe dashboard): amount_refunded is Stripe's running total.
      const charge = event.data.object;
      return {
        kind: 'charge_refunded',
        intentId: idOf(charge.payment_intent),
        chargeId: charge.id,
        refunds: (charge.refunds?.data ?? []).map(reportedRefund),
        refundedTotalMinor: charge.amount_refunded,
      };
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
    case 'charge.refund.updated': {
      const refund = event.data.object;
      return {
        kind: 'refund_changed',
        intentId: idOf(refund.payment_intent),
        chargeId: idOf(refund.charge),
        refund: reportedRefund(refund),
      };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      return {
        kind: 'dispute_changed',
        intentId: idOf(dispute.payment_intent),
        chargeId: typeof dispute.charge === 'string' ? dispute.charge : dispute.charge.id,
        dispute: {
          id: dispute.id,
          status: disputeStatus(dispute.status, event.type === 'charge.dispute.closed'),
          amountMinor: dispute.amount,
          reason: dispute.reason || null,
          openedAt: new Date(dispute.created * 1000),
          at,
        },
      };
    }
    case 'payment_intent.payment_failed': {
      // An attempt failed, not the intent: Stripe returns it to requires_payment_method and the buyer
      // may still pay it with another card, so the payment stays open and keeps its hold.
      const intent = event.data.object;
      return {
        kind: 'attempt_failed',
        intentId: intent.id,
        metadata: intent.metadata,
        reason: intent.last_payment_error?.message ?? 'payment failed',
        final: false,
      };
    }
    case 'payment_intent.canceled': {
      const intent = event.data.object;
      return { kind: 'intent_canceled', intentId: intent.id, metadata: intent.metadata };
    }
    default:
      return { kind: 'ignored' };
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value ? (typeof value === 'string' ? value : value.id) : null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A Stripe refund as the money-back path records it; our row's id travels in its metadata. */
export const reportedRefund = (refund: Stripe.Refund): ReportedRefund => ({
  providerRefundId: refund.id,
  refundId: UUID.test(refund.metadata?.refundId ?? '') ? (refund.metadata?.refundId ?? null) : null,
  amountMinor: refund.amount,
  status: refundStatus(refund.status),
  // A refund made in the Stripe dashboard: its note (metadata) if any, else Stripe's reason code.
  reason: refund.metadata?.reason ?? refund.reason ?? null,
  settlementAmountMinor: refundSettlement(refund),
});

/**
 * Stripe's dispute statuses, reduced: won and lost as such; once closed, anything else (an inquiry
 * closed as warning_closed, say) lifts the hold like a win; before that it is open.
 */
function disputeStatus(status: Stripe.Dispute.Status, closed: boolean): ReportedDispute['status'] {
  if (status === 'lost') return 'lost';
  if (status === 'won' || status === 'warning_closed' || status === 'prevented' || closed) return 'won';
  return 'open';
}

/** Stripe's refund status; requires_action (and anything new) waits like pending. */
export const refundStatus = (status: string | null): ProviderRefundStatus =>
  status === 'succeeded' || status === 'failed' || status === 'canceled' ? status : 'pending';

/**
 * The GBP that left the account for a refund, positive: its balance transaction's amount is negative.
 * Null while the transaction is not known (a webhook carries only its id) or is in another currency.
 */
export function refundSettlement(refund: Stripe.Refund): number | null {
  const transaction = refund.balance_transaction;
  if (!transaction || typeof transaction === 'string' || transaction.currency.toLowerCase() !== 'gbp') return null;
  return -transaction.amount;
}
