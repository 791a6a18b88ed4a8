import { describe, expect, it } from '@jest/globals';
import {
  type PurchaseFacts,
  publishedStoriesOfBuyer,
  purchaseStands,
  verifiedBuyers,
} from './verified-purchase.rules.js';

const paid = (overrides: Partial<PurchaseFacts> = {}): PurchaseFacts => ({
  userId: 7,
  paidAt: new Date('2026-11-20T10:00:00Z'),
  fullyRefunded: false,
  disputes: [],
  ...overrides,
});

describe('purchaseStands', () => {
  it('stands when paid, not refunded in full, with no dispute or only won ones', () => {
    expect(purchaseStands(paid(), false)).toBe(true);
    expect(purchaseStands(paid({ disputes: [{ status: 'won' }] }), false)).toBe(true);
  });

  it('falls with a full refund, an open dispute or a lost one', () => {
    expect(purchaseStands(paid({ fullyRefunded: true }), false)).toBe(false);
    expect(purchaseStands(paid({ disputes: [{ status: 'open' }] }), false)).toBe(false);
    expect(purchaseStands(paid({ disputes: [{ status: 'won' }, { status: 'lost' }] }), false)).toBe(false);
  });

  it('needs the payment itself: a refund or dispute told first is no purchase yet, unless paid before issue 24', () => {
    expect(purchaseStands(paid({ paidAt: null }), false)).toBe(false);
    expect(purchaseStands(paid({ paidAt: null }), true)).toBe(true);
    expect(purchaseStands(paid({ paidAt: null, fullyRefunded: true }), true)).toBe(false);
  });
});

describe('verifiedBuyers', () => {
  it('verifies a buyer while any of their purchases stands', () => {
    const purchases = [
      paid({ userId: 1, fullyRefunded: true }),
      paid({ userId: 1 }),
      paid({ userId: 2, fullyRefunded: true }),
    ];
    expect(verifiedBuyers([1, 2, 3], purchases, new Set())).toEqual(new Set([1]));
  });

  it('keeps a buyer recorded before issue 24 until news of their payments arrives', () => {
    expect(verifiedBuyers([5], [], new Set([5]))).toEqual(new Set([5]));
    expect(verifiedBuyers([5], [paid({ userId: 5, paidAt: null, fullyRefunded: true })], new Set([5]))).toEqual(
      new Set(),
    );
    expect(
      verifiedBuyers([5], [paid({ userId: 5, paidAt: null, disputes: [{ status: 'won' }] })], new Set([5])),
    ).toEqual(new Set([5]));
  });

  it('answers only for the users asked about', () => {
    expect(verifiedBuyers([1], [paid({ userId: 2 })], new Set([3]))).toEqual(new Set());
  });
});

describe('publishedStoriesOfBuyer', () => {
  it("names the buyer's approved stories, whose badge a purchase fact may flip", () => {
    const stories = [
      { id: 1, submittedBy: 7, isApproved: true },
      { id: 2, submittedBy: 7, isApproved: false },
      { id: 3, submittedBy: 7, isApproved: true },
    ];
    expect(publishedStoriesOfBuyer(7, stories)).toEqual([1, 3]);
  });

  it('names none when the buyer has only pending stories, or the published ones are not theirs', () => {
    expect(publishedStoriesOfBuyer(7, [{ id: 2, submittedBy: 7, isApproved: false }])).toEqual([]);
    expect(
      publishedStoriesOfBuyer(7, [
        { id: 4, submittedBy: 8, isApproved: true },
        { id: 5, submittedBy: null, isApproved: true },
      ]),
    ).toEqual([]);
    expect(publishedStoriesOfBuyer(7, [])).toEqual([]);
  });
});
