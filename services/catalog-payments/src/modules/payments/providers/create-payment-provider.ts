import type { CatalogPaymentsConfig } from '../../../config/catalog-payments.config.js';
import { DemoPaymentProvider } from './demo-payment-provider.js';
import type { PaymentProvider } from './payment-provider.js';
import { StripePaymentProvider } from './stripe-payment-provider.js';

/** The provider the configuration chose; the config schema already refused demo in production and missing keys. */
export function createPaymentProvider(config: CatalogPaymentsConfig['payments']): PaymentProvider {
  if (config.provider === 'demo') return new DemoPaymentProvider();
  const { secretKey, publishableKey, webhookSecret } = config.stripe;
  if (!secretKey || !publishableKey || !webhookSecret) throw new Error('the Stripe provider needs all three keys');
  return new StripePaymentProvider({ ...config.stripe, secretKey, publishableKey, webhookSecret });
}
