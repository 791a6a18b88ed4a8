import { describe, expect, it } from '@jest/globals';
import { CreateDiscountCodeBodySchema } from './discounts-schemas.js';
import { DiscountMessages, normaliseDiscountCode } from './discounts.js';

describe('create discount code body', () => {
  it.each([[{}], [{ discountPrice: '' }], [{ discountPrice: null }]])('falls back to 30 for %j', (body) => {
    expect(CreateDiscountCodeBodySchema.parse(body)).toEqual({ discountPrice: 30 });
  });

  it.each([
    [1, 1],
    [100, 100],
    ['45', 45],
  ])('accepts %j', (discountPrice, expected) => {
    expect(CreateDiscountCodeBodySchema.parse({ discountPrice })).toEqual({ discountPrice: expected });
  });

  it.each([0, 101, 12.5, 'abc', -3])('refuses %j', (discountPrice) => {
    const result = CreateDiscountCodeBodySchema.safeParse({ discountPrice });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(DiscountMessages.discountPriceInvalid);
  });
});

describe('normaliseDiscountCode', () => {
  it('trims and upper-cases', () => {
    expect(normaliseDiscountCode('  abcd2345 \n')).toBe('ABCD2345');
  });
});
