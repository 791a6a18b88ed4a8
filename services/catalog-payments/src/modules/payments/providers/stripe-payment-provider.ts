import Stripe from 'stripe';
import type {
  CancelOutcome,
  CreateIntentInput,
  CreateRefundInput,
  PaymentProvider,
  ProviderIntent,
  ProviderIntentState,
  ProviderRefund,
  ProviderSettlement,
  SettlementQuery,
} from './payment-provider.js';
import { ProviderOutcomeUnknownError, ProviderRefusedError, ProviderUnavailableError } from './payment-provider.js';
import type { ProviderEvent } from './provider-events.js';
import { refundSettlement, refundStatus, stripeProviderEvent } from './stripe-events.js';

export interface StripeProviderConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API host (a stand-in in tests); null for api.stripe.com. */
  apiBase: string | null;
  webhookToleranceSeconds: number;
}

/** Stripe's PaymentIntent statuses, reduced: everything not final is still open. */
const STATES: Partial<Record<Stripe.PaymentIntent.Status, ProviderIntentState>> = {
  succeeded: 'succeeded',
  canceled: 'canceled',
};

export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  readonly publishableKey: string;
  /**
   * Whether our payments are live money: Stripe's test and live modes are separate worlds, and every
   * intent we hold was made with this key, so its mode is the mode of each of our payments.
   */
  readonly livemode: boolean;
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeProviderConfig) {
    this.publishableKey = config.publishableKey;
    this.livemode = /^(sk|rk)_live_/.test(config.secretKey);
    const base = config.apiBase ? new URL(config.apiBase) : null;
    this.stripe = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 10_000,
      ...(base && {
        host: base.hostname,
        port: base.port || (base.protocol === 'https:' ? 443 : 80),
        protocol: base.protocol === 'https:' ? 'https' : 'http',
      }),
    });
  }

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountMinor,
          currency: input.currency.toLowerCase(),
          description: input.description,
          automatic_payment_methods: { enabled: true },
          metadata: { paymentId: input.paymentId, userId: String(input.userId) },
        },
        // One payment row, one intent: a retried call (SDK network retry included) cannot charge twice.
        { idempotencyKey: `payment-${input.paymentId}` },
      );
      if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} came back without a client secret`);
      return { providerPaymentId: intent.id, clientSecret: intent.client_secret };
    } catch (error) {
      throw new ProviderUnavailableError(error);
    }
  }

  async intentState(providerPaymentId: string): Promise<ProviderIntentState> {
    const intent = await this.stripe.paymentIntents.retrieve(providerPaymentId);
    return STATES[intent.status] ?? 'open';
  }

  async cancelIntent(providerPaymentId: string): Promise<CancelOutcome> {
    try {
      await this.stripe.paymentIntents.cancel(providerPaymentId);
      return 'canceled';
    } catch (error) {
      // Stripe refuses to cancel an intent that is already canceled or succeeded: its state says which.
      const state = await this.intentState(providerPaymentId).catch(() => null);
      if (state === 'canceled' || state === 'succeeded') return state;
      throw error;
    }
  }

  async createRefund(input: CreateRefundInput): Promise<ProviderRefund> {
    try {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: input.providerPaymentId,
          amount: input.amountMinor,
          metadata: { refundId: input.refundId, paymentId: input.paymentId },
          expand: ['balance_transaction'],
        },
        // One refund row, one refund: a retried call (SDK network retry included) cannot refund twice.
        { idempotencyKey: `refund-${input.refundId}` },
      );
      return providerRefund(refund);
    } catch (error) {
      throw clearlyRefused(error) ? new ProviderRefusedError(error) : new ProviderOutcomeUnknownError(error);
    }
  }

  /** Stripe's own list of the intent's refunds (every page), searched for our refund id in the metadata. */
  async findRefund(providerPaymentId: string, refundId: string): Promise<ProviderRefund | null> {
    for await (const refund of this.stripe.refunds.list({
      payment_intent: providerPaymentId,
      limit: 100,
      expand: ['data.balance_transaction'],
    })) {
      if (refund.metadata?.refundId === refundId) return providerRefund(refund);
    }
    return null;
  }

  /** The intent's latest charge and its balance transaction: Stripe's own amount and rate. */
  async settlementOf(query: SettlementQuery): Promise<ProviderSettlement | null> {
    const intent = await this.stripe.paymentIntents.retrieve(query.providerPaymentId, {
      expand: ['latest_charge.balance_transaction'],
    });
    const charge = intent.latest_charge;
    if (!charge || typeof charge === 'string') return null;
    const transaction = charge.balance_transaction;
    if (!transaction || typeof transaction === 'string') return null; // not settled yet
    return {
      chargeId: charge.id,
      currency: transaction.currency.toUpperCase(),
      amountMinor: transaction.amount,
      exchangeRate: transaction.exchange_rate,
    };
  }

  async refundSettlementOf(providerRefundId: string): Promise<number | null> {
    const refund = await this.stripe.refunds.retrieve(providerRefundId, { expand: ['balance_transaction'] });
    return refundSettlement(refund);
  }

  /**
   * Every intent made at or after `since`, newest first, page after page (the SDK's auto-pagination):
   * what reconciliation compares. Each comes with its charge, whose time is when it was paid.
   */
  intentsSince(since: Date): AsyncIterable<Stripe.PaymentIntent> {
    return this.stripe.paymentIntents.list({
      created: { gte: Math.floor(since.getTime() / 1000) },
      limit: 100,
      expand: ['data.latest_charge'],
    });
  }

  /** Every refund made at or after `since`, page after page, with its balance transaction (the GBP settled). */
  refundsSince(since: Date): AsyncIterable<Stripe.Refund> {
    return this.stripe.refunds.list({
      created: { gte: Math.floor(since.getTime() / 1000) },
      limit: 100,
      expand: ['data.balance_transaction'],
    });
  }

  /** One intent with its charge; null when Stripe holds no such intent. */
  async intent(providerPaymentId: string): Promise<Stripe.PaymentIntent | null> {
    try {
      return await this.stripe.paymentIntents.retrieve(providerPaymentId, { expand: ['latest_charge'] });
    } catch (error) {
      if ((error as { statusCode?: unknown }).statusCode === 404) return null;
      throw error;
    }
  }

  /** Verifies the signature (and its age) over the exact bytes Stripe sent; throws when it does not hold. */
  verifyWebhook(rawBody: Buffer, signature: string): ProviderEvent {
    return stripeProviderEvent(
      this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.config.webhookSecret,
        this.config.webhookToleranceSeconds,
      ),
    );
  }
}

const providerRefund = (refund: Stripe.Refund): ProviderRefund => ({
  providerRefundId: refund.id,
  status: refundStatus(refund.status),
  settlementAmountMinor: refundSettlement(refund),
});

/**
 * Whether Stripe answered no, so nothing was made: a 4xx other than 409 (a concurrent request under
 * the same key, still running). A 429 is a no too: Stripe refuses before acting. Anything else (a
 * timeout or lost connection has no status; a 5xx may have acted) leaves the outcome unknown.
 */
export function clearlyRefused(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 409;
}
