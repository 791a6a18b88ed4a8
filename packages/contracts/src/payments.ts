export const PaymentProviders = ['stripe', 'demo'] as const;
export type PaymentProvider = (typeof PaymentProviders)[number];

export const PaymentStatuses = ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'] as const;
export type PaymentStatus = (typeof PaymentStatuses)[number];

export const PaymentMessages = {
  providerUnavailable: 'The payment provider could not be reached. Please try again.',
  webhookSignatureInvalid: 'Invalid webhook signature',
  paymentNotPending: 'This payment has already been completed or cancelled',
  cardDeclined: 'Your card was declined.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  demoCardUnknown: 'Use one of the demo test card numbers shown above.',
  /** An admin reads it on a conflicted payment. */
  codeConflict: 'Paid after its discount code had gone to another payment',
  /**
   * An admin reads it on a payment Stripe reported paid with another amount, currency or mode than
   * the checkout's (issue 24): not credited.
   */
  providerMismatch: (what: string) =>
    `Not credited: Stripe reported it paid with a different ${what} than this checkout. Check it in the Stripe dashboard.`,
} as const;

/**
 * The demo provider's test cards (local runs only, never in production): the usual Stripe test
 * numbers, so the same habits work with both providers.
 */
export const DemoCards = {
  succeeds: '4242424242424242',
  declines: '4000000000000002',
  requiresAuthentication: '4000002500003155',
} as const;

/** How far back the admin revenue report reaches: two years bounds the work of one request. */
export const RevenueLimits = { defaultWeeks: 12, maxWeeks: 104 } as const;

export const RevenueMessages = {
  weeksInvalid: `Weeks must be a whole number from 1 to ${RevenueLimits.maxWeeks}`,
} as const;

/** How many conflicted payments one admin request lists, newest first. */
export const PaymentConflictLimits = { listed: 50 } as const;
