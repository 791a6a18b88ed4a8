import type { CurrencyCode, PaymentProvider as PaymentProviderKind } from '@medtutor/contracts';

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

/** Where the provider says a payment stands, reduced to what the service acts on. */
export type ProviderIntentState = 'open' | 'succeeded' | 'failed' | 'canceled';

/** A payment provider: Stripe for real money, the demo for local runs. */
export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** What the browser needs to load the provider's form; null for the demo. */
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** Asks the provider (Stripe) for the intent's state; the demo's state lives in our table only. */
  intentState(providerPaymentId: string): Promise<ProviderIntentState | null>;
  /**
   * Makes the intent unpayable for good. Resolves 'canceled' (now or earlier) or 'succeeded' (too late:
   * it was paid); rejects when the provider could not be asked or would not cancel, so the caller
   * keeps the checkout's discount hold.
   */
  cancelIntent(providerPaymentId: string): Promise<CancelOutcome>;
}

export type CancelOutcome = 'canceled' | 'succeeded';

/** The provider could not be reached or refused the call; nothing was charged. */
export class ProviderUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`payment provider call failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}
