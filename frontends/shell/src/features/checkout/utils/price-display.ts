import type { PaymentIntentDto } from '@medtutor/contracts';

export interface PriceDisplay {
  /** What the buyer pays. */
  price: string;
  /** The list price, struck through, when a discount lowered it. */
  struckPrice?: string;
}

/** The order summary's price line: the server's figures only, never computed here. */
export function priceDisplay(
  intent: Pick<PaymentIntentDto, 'formattedPrice' | 'originalPrice' | 'discountApplied'>,
): PriceDisplay {
  if (!intent.discountApplied || intent.originalPrice === intent.formattedPrice)
    return { price: intent.formattedPrice };
  return { price: intent.formattedPrice, struckPrice: intent.originalPrice };
}

/** A Stripe publishable key ('pk_test_…' or 'pk_live_…'); anything else cannot load the card form. */
export const isPublishableKey = (key: string | null | undefined): key is string =>
  typeof key === 'string' && /^pk_(test|live)_[A-Za-z0-9]+$/.test(key);
