import { randomBytes } from 'node:crypto';
import type { CancelOutcome, CreateIntentInput, PaymentProvider, ProviderIntent } from './payment-provider.js';

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
}
