import { describe, expect, it } from '@jest/globals';
import { purchaseTarget } from './purchase-target';

const choice = { subject: 'Medical School Interviews', packageType: 'package5', currency: 'GBP' } as const;
const checkout = '/checkout?subject=Medical+School+Interviews&packageType=package5&currency=GBP';

describe('purchaseTarget', () => {
  it('sends a signed-in buyer straight to checkout', () => {
    expect(purchaseTarget(choice, true)).toEqual({ path: checkout });
    expect(purchaseTarget({ ...choice, discountCode: 'TESTPOUND' }, true)).toEqual({
      path: `${checkout}&discountCode=TESTPOUND`,
    });
  });

  it('sends a visitor to sign in, returning to the encoded checkout path, and saves the purchase', () => {
    expect(purchaseTarget(choice, false)).toEqual({
      path: `/auth?redirect=${encodeURIComponent(checkout)}`,
      pendingPurchase: choice,
    });
  });

  it('lets the redirect alone carry a purchase with a discount code', () => {
    expect(purchaseTarget({ ...choice, discountCode: 'TESTPOUND' }, false)).toEqual({
      path: `/auth?redirect=${encodeURIComponent(`${checkout}&discountCode=TESTPOUND`)}`,
    });
  });
});
