import type {
  CurrencyCode,
  DemoConfirmReply,
  PaymentProvider as PaymentProviderKind,
  PaymentStatus,
} from '@medtutor/contracts';
import type { ProviderEvent } from './provider-events.js';

/** Nest injection token for the configured `PaymentProvider`. */
export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

export interface CreateIntentInput {
  paymentId: string;
  userId: number;
  /** In the currency's minor unit. */
  amountMinor: number;
  currency: CurrencyCode;
  description: string;
}

export interface ProviderIntent {
  providerPaymentId: string;
  clientSecret: string;
}

export interface CreateRefundInput {
  /** Our refund row's id: the idempotency key and the metadata that ties Stripe's webhooks back to the row. */
  refundId: string;
  paymentId: string;
  providerPaymentId: string;
  /** In the payment's minor unit. */
  amountMinor: number;
  currency: CurrencyCode;
}

/** Stripe's refund statuses, reduced to ours (requires_action waits like pending). */
export type ProviderRefundStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';

export interface ProviderRefund {
  providerRefundId: string;
  status: ProviderRefundStatus;
  /** GBP minor units that left the account (positive); null when not known yet or not settled in GBP. */
  settlementAmountMinor: number | null;
}

/** What the provider settled for a payment in the account's currency: its balance transaction. */
export interface ProviderSettlement {
  /** Stripe's charge id (ch_…); null for the demo. */
  chargeId: string | null;
  /** The account's currency, upper case (GBP for this business). */
  currency: string;
  amountMinor: number;
  /** The provider's own rate; null when no conversion happened. */
  exchangeRate: number | null;
}

/** The payment facts a settlement is asked for with: the demo has no provider to ask. */
export interface SettlementQuery {
  providerPaymentId: string;
  currency: CurrencyCode;
  amountMinor: number;
}

/** Where the provider says a payment stands, reduced to what the service acts on. */
export type ProviderIntentState = 'open' | 'succeeded' | 'failed' | 'canceled';

/** A payment provider: Stripe for real money, the demo for local runs. */
export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** What the browser needs to load the provider's form; null for the demo. */
  readonly publishableKey: string | null;
  /** Whether our payments are live money (the mode of our key); the demo's never are. */
  readonly livemode: boolean;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** Asks the provider (Stripe) for the intent's state; the demo's state lives in our table only. */
  intentState(providerPaymentId: string): Promise<ProviderIntentState | null>;
  /**
   * Makes the intent unpayable for good. Resolves 'canceled' (now or earlier) or 'succeeded' (too late:
   * it was paid); rejects when the provider could not be asked or would not cancel, so the caller
   * keeps the checkout's discount hold.
   */
  cancelIntent(providerPaymentId: string): Promise<CancelOutcome>;
  /**
   * Gives money back on a paid payment, under the idempotency key `refund-<refundId>`: the same input
   * asked again gets the same refund, never a second one. Rejects with `ProviderRefusedError` when the
   * provider answered no (nothing was made), with `ProviderOutcomeUnknownError` when no clear answer
   * came (a timeout, a lost connection, a 5xx: the refund may have been made).
   */
  createRefund(input: CreateRefundInput): Promise<ProviderRefund>;
  /**
   * One of our refunds as the provider holds it, found among the payment's refunds by our refund id
   * (its metadata); null when the provider holds none. Rejects when the provider cannot be asked.
   */
  findRefund(providerPaymentId: string, refundId: string): Promise<ProviderRefund | null>;
  /** The payment's settlement; null while the provider has none (or, for the demo, has no rate). */
  settlementOf(query: SettlementQuery): Promise<ProviderSettlement | null>;
  /** A refund's settled amount, GBP minor and positive; null while unknown or not in GBP. */
  refundSettlementOf(providerRefundId: string, currency: CurrencyCode, amountMinor: number): Promise<number | null>;
  /**
   * The provider's webhook: verifies the signature over the exact bytes sent and tells the event in
   * our words; throws when the signature does not hold (or the provider has no webhook).
   */
  verifyWebhook(rawBody: Buffer, signature: string): ProviderEvent;
  /**
   * A card typed on our own page (the demo's test cards): what the card does, as the event the
   * provider reports, and the answer the page shows once that event was applied. Null for an unknown
   * card. Absent for Stripe, whose cards are confirmed by Stripe.js in the browser and reported by webhook.
   */
  confirmCard?(attempt: CardAttempt): CardOutcome | null;
}

export interface CardAttempt {
  intent: { providerPaymentId: string; amountMinor: number; currency: CurrencyCode; status: PaymentStatus };
  cardNumber: string;
  authentication?: 'approve' | 'fail';
}

export interface CardOutcome {
  event: ProviderEvent;
  reply: DemoConfirmReply;
}

export type CancelOutcome = 'canceled' | 'succeeded';

/** The provider could not be reached or refused the call; nothing was charged. */
export class ProviderUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`payment provider call failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** The provider answered and said no (a 4xx): the call took no effect, so a new attempt is safe. */
export class ProviderRefusedError extends ProviderUnavailableError {}

/**
 * No clear answer came (a timeout, a lost connection, a 5xx): the provider may have acted. Only its
 * own records, or the same call under the same idempotency key, can tell.
 */
export class ProviderOutcomeUnknownError extends ProviderUnavailableError {}
