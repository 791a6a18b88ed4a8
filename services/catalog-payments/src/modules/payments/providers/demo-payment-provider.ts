import { randomBytes } from 'node:crypto';
import { type CurrencyCode, DefaultCurrency } from '@medtutor/contracts';
import type {
  CancelOutcome,
  CreateIntentInput,
  CreateRefundInput,
  PaymentProvider,
  ProviderIntent,
  ProviderRefund,
  ProviderSettlement,
  SettlementQuery,
} from './payment-provider.js';

/**
 * Local runs only (the config refuses it in production): the "intent" is our own row; the client
 * secret is an unguessable token the demo card form sends back, so only the page that created the
 * intent confirms it. Confirmation by test card number happens in the payments service, and only
 * while the payment row is open: closing the row is what cancels a demo intent.
 */
export class DemoPaymentProvider implements PaymentProvider {
  readonly kind = 'demo' as const;
  readonly publishableKey = null;

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
}

const settledAsIs = (currency: CurrencyCode, amountMinor: number): number | null =>
  currency === DefaultCurrency ? amountMinor : null;
