import type { DisputeStatus, PaymentProvider as PaymentProviderKind } from '@medtutor/contracts';
import type { ProviderRefundStatus } from './payment-provider.js';

/** A refund as Stripe (or the demo) reported it: from the create answer or a webhook. */
export interface ReportedRefund {
  providerRefundId: string;
  /** Our refund row's id, when the refund was made through us (Stripe echoes it in the metadata). */
  refundId: string | null;
  amountMinor: number;
  status: ProviderRefundStatus;
  /** For a refund made in the Stripe dashboard: its metadata reason, else Stripe's reason. */
  reason: string | null;
  settlementAmountMinor: number | null;
}

export interface ReportedDispute {
  id: string;
  status: DisputeStatus;
  amountMinor: number;
  reason: string | null;
  openedAt: Date;
  /** When the dispute closed (the event's time); ignored for an open one. */
  at: Date;
}

/**
 * What a provider tells us happened, in our words: Stripe's webhook events are translated into it
 * (`stripeProviderEvent`), the demo card form produces it (`DemoPaymentProvider.confirmCard`), and
 * `PaymentWebhooksService.receive` is the one handler of both.
 */
export interface ProviderEvent {
  /** The provider's event id: recorded with its effect, so a redelivery changes nothing. */
  id: string;
  provider: PaymentProviderKind;
  /** The provider's own name for the event (Stripe's event type), recorded with the id. */
  type: string;
  at: Date;
  change: ProviderChange;
}

/** The intent an event is about: found by the id we stored; the metadata is only logged when unknown. */
interface IntentRef {
  intentId: string;
  metadata: Record<string, string>;
}

export type ProviderChange =
  | (IntentRef & {
      kind: 'intent_succeeded';
      amountMinor: number;
      /** As the provider writes it (Stripe: lower case). */
      currency: string;
      /** The modes (live or test) the event and its intent report: each must be our key's. */
      livemodes: boolean[];
      /**
       * The demo's intent is our row itself, so a closed row is a cancelled intent that can no longer
       * be paid; Stripe's money was taken even when we had closed the row, so it pays any unpaid one.
       */
      onlyIfOpen: boolean;
    })
  | (IntentRef & { kind: 'intent_requires_action' })
  /**
   * `final`: the intent is over (a declined demo card ends its checkout). Not final: one attempt
   * failed and the buyer may pay with another card (Stripe's payment_intent.payment_failed).
   */
  | (IntentRef & { kind: 'attempt_failed'; reason: string; final: boolean })
  | (IntentRef & { kind: 'intent_canceled' })
  /** `refundedTotalMinor` is the provider's running total for the charge. */
  | {
      kind: 'charge_refunded';
      intentId: string | null;
      chargeId: string;
      refunds: ReportedRefund[];
      refundedTotalMinor: number;
    }
  | { kind: 'refund_changed'; intentId: string | null; chargeId: string | null; refund: ReportedRefund }
  | { kind: 'dispute_changed'; intentId: string | null; chargeId: string; dispute: ReportedDispute }
  /** Acknowledged: the provider stops retrying events we do not act on. */
  | { kind: 'ignored' };
