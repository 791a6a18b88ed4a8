import { describe, expect, it } from '@jest/globals';
import { isPublishableKey, priceDisplay } from './price-display';

describe('priceDisplay', () => {
  it('shows the list price struck through next to the discounted one', () => {
    expect(priceDisplay({ formattedPrice: '£189.00', originalPrice: '£190.00', discountApplied: true })).toEqual({
      price: '£189.00',
      struckPrice: '£190.00',
    });
  });

  it('shows one price without a discount', () => {
    expect(priceDisplay({ formattedPrice: '£190.00', originalPrice: '£190.00', discountApplied: false })).toEqual({
      price: '£190.00',
    });
  });

  it('strikes nothing when a code was applied but changed nothing', () => {
    expect(priceDisplay({ formattedPrice: '£1.00', originalPrice: '£1.00', discountApplied: true })).toEqual({
      price: '£1.00',
    });
  });
});

describe('isPublishableKey', () => {
  it.each(['pk_test_51Habc', 'pk_live_XYZ123'])('accepts %s', (key) => {
    expect(isPublishableKey(key)).toBe(true);
  });

  it.each([null, undefined, '', 'sk_test_51Habc', 'pk_test_', 'pk_test_abc def'])('refuses %p', (key) => {
    expect(isPublishableKey(key)).toBe(false);
  });
});
