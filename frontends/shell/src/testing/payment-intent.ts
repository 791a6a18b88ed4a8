import type { PaymentIntentDto } from '@medtutor/contracts';

/**
 * A payment as the server answers it for the checkout's specs: a 5-hour Medical School Interviews
 * package at £190 on the demo provider, no code; each spec states what it changes.
 */
export const paymentIntent = (overrides: Partial<PaymentIntentDto> = {}): PaymentIntentDto => ({
  paymentId: '6f1c2a7e-3f4b-4c5d-8e9f-0a1b2c3d4e5f',
  provider: 'demo',
  publishableKey: null,
  clientSecret: 'demo_secret_1',
  subject: 'Medical School Interviews',
  packageType: 'package5',
  packageName: '5-Session Package',
  hours: 5,
  currency: 'GBP',
  amount: 19000,
  formattedPrice: '£190.00',
  originalPrice: '£190.00',
  discountApplied: false,
  discountCode: null,
  discountAmount: 0,
  ...overrides,
});
