import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { type DiscountCodeChange, DiscountCodeChanges, type DiscountCodeStatus } from './discount-code.rules.js';

interface Code {
  status: DiscountCodeStatus;
  reservedForPaymentId: string | null;
}

/** What the repository's conditional UPDATE does with a change: its WHERE is `OR: change.from`. */
const matches = (code: Code, change: DiscountCodeChange): boolean =>
  change.from.some(
    (from) =>
      from.status === code.status &&
      (from.reservedForPaymentId === undefined || from.reservedForPaymentId === code.reservedForPaymentId),
  );

const available: Code = { status: 'available', reservedForPaymentId: null };
const heldBy = (paymentId: string): Code => ({ status: 'reserved', reservedForPaymentId: paymentId });
const spentBy = (paymentId: string): Code => ({ status: 'spent', reservedForPaymentId: paymentId });

describe('discount code states', () => {
  it('reserves only a free code: a hold is never taken over, not even by its own payment', () => {
    const reserve = DiscountCodeChanges.reserve();
    expect(reserve.to).toBe('reserved');
    expect(matches(available, reserve)).toBe(true);
    expect(matches(heldBy('p1'), reserve)).toBe(false);
    expect(matches(spentBy('p1'), reserve)).toBe(false);
  });

  it("spends the payment's own hold, or a free code, never another payment's hold or a spent code", () => {
    const spend = DiscountCodeChanges.spend('p1');
    expect(spend.to).toBe('spent');
    expect(matches(heldBy('p1'), spend)).toBe(true);
    expect(matches(available, spend)).toBe(true);
    expect(matches(heldBy('p2'), spend)).toBe(false);
    expect(matches(spentBy('p1'), spend)).toBe(false);
    expect(matches(spentBy('p2'), spend)).toBe(false);
  });

  it("releases only the payment's own hold", () => {
    const release = DiscountCodeChanges.release('p1');
    expect(release.to).toBe('available');
    expect(matches(heldBy('p1'), release)).toBe(true);
    expect(matches(heldBy('p2'), release)).toBe(false);
    expect(matches(available, release)).toBe(false);
    expect(matches(spentBy('p1'), release)).toBe(false);
  });

  it('is spent at most once, by one payment, whatever checkouts do in whatever order', () => {
    const payments = ['p1', 'p2', 'p3'];
    const step = fc.record({
      change: fc.constantFrom('reserve', 'spend', 'release'),
      paymentId: fc.constantFrom(...payments),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        let code = available;
        const spentFor: string[] = [];
        for (const { change, paymentId } of steps) {
          const applied = DiscountCodeChanges[change](paymentId);
          if (!matches(code, applied)) continue;
          code = { status: applied.to, reservedForPaymentId: applied.to === 'available' ? null : paymentId };
          if (applied.to === 'spent') spentFor.push(paymentId);
        }
        expect(spentFor.length).toBeLessThanOrEqual(1);
        if (code.status === 'spent') expect(code.reservedForPaymentId).toBe(spentFor[0]);
      }),
    );
  });
});
