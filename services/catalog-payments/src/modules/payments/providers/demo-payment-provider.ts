import { randomBytes, randomUUID } from 'node:crypto';
import { type CurrencyCode, DefaultCurrency, DemoCards, PaymentMessages } from '@medtutor/contracts';
import type {
  CancelOutcome,
  CardAttempt,
  CardOutcome,
  CreateIntentInput,
  CreateRefundInput,
  PaymentProvider,
  ProviderIntent,
  ProviderRefund,
  ProviderSettlement,
  SettlementQuery,
} from './payment-provider.js';
import type { ProviderChange, ProviderEvent } from './provider-events.js';

/**
 * DEMO ONLY, for local runs: the config refuses it in production, and it takes no money. The
 * "intent" is our own row; the client secret is an unguessable token the demo card form sends back,
 * so only the page that created the intent confirms it. The test card decides (`confirmCard`), and
 * what it decided reaches the payment as a provider event through the same handler as Stripe's
 * webhook, and only while the row is open: closing the row is what cancels a demo intent.
 */
export class DemoPaymentProvider implements PaymentProvider {
  readonly kind = 'demo' as const;
  readonly publishableKey = null;
  readonly livemode = false;

  createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    const providerPaymentId = `demo_pi_${input.paymentId.replaceAll('-', '')}`;
    return Promise.resolve({
      providerPaymentId,
      clientSecret: `${providerPaymentId}_secret_${randomBytes(18).toString('base64url')}`,
    });
  }

  intentState(): Promise<null> {
    return Promise.resolve(null);
  }

  /** Nothing to call: the payments service closes the row, after which no confirmation can pay it. */
  cancelIntent(): Promise<CancelOutcome> {
    return Promise.resolve('canceled');
  }

  /** A demo refund succeeds at once; the caller applies it through the same path Stripe's webhooks use. */
  createRefund(input: CreateRefundInput): Promise<ProviderRefund> {
    return Promise.resolve({
      providerRefundId: `demo_re_${randomBytes(12).toString('hex')}`,
      status: 'succeeded',
      settlementAmountMinor: settledAsIs(input.currency, input.amountMinor),
    });
  }

  /** A demo refund is made or not within the call: there is never one to look for afterwards. */
  findRefund(): Promise<null> {
    return Promise.resolve(null);
  }

  /**
   * A GBP payment settles at its own amount. Another currency stays unsettled: the demo has no
   * exchange rates, and a made-up one would put invented pounds in the revenue report.
   */
  settlementOf(query: SettlementQuery): Promise<ProviderSettlement | null> {
    const amountMinor = settledAsIs(query.currency, query.amountMinor);
    return Promise.resolve(
      amountMinor === null ? null : { chargeId: null, currency: DefaultCurrency, amountMinor, exchangeRate: null },
    );
  }

  refundSettlementOf(_providerRefundId: string, currency: CurrencyCode, amountMinor: number): Promise<number | null> {
    return Promise.resolve(settledAsIs(currency, amountMinor));
  }

  /** The demo has no webhook: nothing may change a payment through that door. */
  verifyWebhook(): ProviderEvent {
    throw new Error('the demo provider has no webhook');
  }

  /**
   * The test cards: 4242… succeeds, 4000…0002 declines, 4000 0025 0000 3155 first asks for
   * authentication, then the buyer approves or fails it. A declined card ends the demo checkout (its
   * intent is the row). Null for any other card.
   */
  confirmCard({ intent, cardNumber, authentication }: CardAttempt): CardOutcome | null {
    const { providerPaymentId } = intent;
    const ref = { intentId: providerPaymentId, metadata: {} };
    const succeeded: CardOutcome = {
      event: demoEvent('demo.card_succeeded', {
        kind: 'intent_succeeded',
        ...ref,
        amountMinor: intent.amountMinor,
        currency: intent.currency,
        livemodes: [this.livemode],
        onlyIfOpen: true,
      }),
      reply: { status: 'succeeded', message: null },
    };
    const failed = (message: string): CardOutcome => ({
      event: demoEvent('demo.card_failed', { kind: 'attempt_failed', ...ref, reason: message, final: true }),
      reply: { status: 'failed', message },
    });
    switch (cardNumber) {
      case DemoCards.succeeds:
        return succeeded;
      case DemoCards.declines:
        return failed(PaymentMessages.cardDeclined);
      case DemoCards.requiresAuthentication:
        if (authentication === 'approve' && intent.status === 'requires_action') return succeeded;
        if (authentication === 'fail' && intent.status === 'requires_action') {
          return failed(PaymentMessages.authenticationFailed);
        }
        return {
          event: demoEvent('demo.card_requires_action', { kind: 'intent_requires_action', ...ref }),
          reply: { status: 'requires_action', message: null },
        };
      default:
        return null;
    }
  }
}

const demoEvent = (type: string, change: ProviderChange): ProviderEvent => ({
  id: `demo_evt_${randomUUID()}`,
  provider: 'demo',
  type,
  at: new Date(),
  change,
});

const settledAsIs = (currency: CurrencyCode, amountMinor: number): number | null =>
  currency === DefaultCurrency ? amountMinor : null;
