import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { PackageHoldMessages } from '@medtutor/contracts';
import {
  applyRefund,
  creditedHours,
  deliverSession,
  disputeMovesOn,
  disputeReason,
  holdFor,
  mayCorrectUsage,
  type RefundablePackage,
  type RefundSeen,
  usageChange,
} from './package-hours.rules.js';

/** A freshly credited package of `hours`, `used` of them already used. */
const fresh = (hours: number, used = 0): RefundablePackage => ({
  ...creditedHours(hours),
  usedHours: used,
  hoursTakenBack: 0,
  overdrawnHours: 0,
  refundedAmount: 0,
});
const refund = (refundedAmount: number, amount = 19000, fullyRefunded = false): RefundSeen => ({
  amount,
  refundedAmount,
  fullyRefunded,
});

/** Applies refunds in turn, as the consumer does with each event on the locked row. */
const applyAll = (pkg: RefundablePackage, refunds: RefundSeen[]) =>
  refunds.reduce(
    (state, seen) => {
      const effect = applyRefund(state.pkg, seen);
      return effect
        ? {
            pkg: effect.after,
            taken: state.taken + effect.takenHours * 10,
            overdrawn: state.overdrawn + effect.overdrawnNow * 10,
          }
        : state;
    },
    { pkg, taken: 0, overdrawn: 0 },
  );

describe('credit', () => {
  it('credits the hours bought as both the total and the original', () => {
    expect(creditedHours(5)).toEqual({ totalHours: 5, originalHours: 5 });
  });
});

describe('usage', () => {
  it('lets an admin set used hours in half-hour steps from 0 to the current total', () => {
    expect(mayCorrectUsage(5, 0)).toBe(true);
    expect(mayCorrectUsage(5, 2.5)).toBe(true);
    expect(mayCorrectUsage(5, 5)).toBe(true);
    expect(mayCorrectUsage(3, 3.5)).toBe(false);
    expect(mayCorrectUsage(5, -0.5)).toBe(false);
    // The exact step: rounding to tenths first would let 0.51 through as 0.5.
    expect(mayCorrectUsage(5, 0.51)).toBe(false);
    expect(mayCorrectUsage(5, 1.2)).toBe(false);
  });

  it('takes a delivered session from what remains; hours reserved by other bookings do not remain', () => {
    expect(deliverSession({ total: 5, used: 1, reserved: 0 }, 1.5)).toEqual({ usedHours: 2.5 });
    expect(deliverSession({ total: 5, used: 2, reserved: 2 }, 1.5)).toEqual({ notEnough: 1 });
    expect(deliverSession({ total: 0.3, used: 0.1, reserved: 0.1 }, 0.1)).toEqual({ usedHours: 0.2 });
  });

  it("gives the completed booking's own reservation back first, so its hours count once", () => {
    expect(deliverSession({ total: 5, used: 3, reserved: 2 }, 2, 2)).toEqual({ usedHours: 5 });
    expect(deliverSession({ total: 5, used: 3, reserved: 2 }, 2.5, 2)).toEqual({ notEnough: 2 });
  });

  it('answers no change for the same used hours, and tutor work only for hours leaving the package', () => {
    expect(usageChange(2, 2)).toBeNull();
    expect(usageChange(2, 3.5)).toEqual({ deltaHours: 1.5, tutorWork: true });
    expect(usageChange(0.3, 0.1)).toEqual({ deltaHours: -0.2, tutorWork: false });
  });
});

describe('refund share', () => {
  it('takes back 40 % of a 5-hour package as 2 hours, and rounds 50 % up to 2.5', () => {
    expect(applyRefund(fresh(5), refund(7600))).toEqual({
      after: { ...fresh(5), totalHours: 3, hoursTakenBack: 2, refundedAmount: 7600 },
      takenHours: 2,
      overdrawnNow: 0,
    });
    expect(applyRefund(fresh(5), refund(9500))?.takenHours).toBe(2.5);
  });

  it('takes only the new share on a later, larger refund, and everything on a full one', () => {
    const first = applyRefund(fresh(5), refund(7600))!;
    const second = applyRefund(first.after, refund(9500))!;
    expect(second.takenHours).toBe(0.5);
    expect(second.after).toMatchObject({ totalHours: 2.5, hoursTakenBack: 2.5, refundedAmount: 9500 });
    const full = applyRefund(second.after, refund(9600, 19000, true))!;
    expect(full.takenHours).toBe(2.5);
    expect(full.after).toMatchObject({ totalHours: 0, hoursTakenBack: 5 });
  });

  it('changes nothing for a duplicate or an older, smaller running total', () => {
    const first = applyRefund(fresh(5), refund(9500))!;
    expect(applyRefund(first.after, refund(9500))).toBeNull();
    expect(applyRefund(first.after, refund(7600))).toBeNull();
  });

  it('records a larger total that takes no further hours (same half hour) without taking any', () => {
    const first = applyRefund(fresh(5), refund(7601))!;
    const second = applyRefund(first.after, refund(9500))!;
    expect(second).toEqual({ after: { ...first.after, refundedAmount: 9500 }, takenHours: 0, overdrawnNow: 0 });
  });
});

describe('overdraft', () => {
  it('never takes back used hours: the shortfall is the overdraft', () => {
    const effect = applyRefund(fresh(5, 4), refund(19000))!;
    expect(effect).toEqual({
      after: { ...fresh(5, 4), totalHours: 4, hoursTakenBack: 5, refundedAmount: 19000, overdrawnHours: 4 },
      takenHours: 1,
      overdrawnNow: 4,
    });
  });

  it('adds to an existing overdraft', () => {
    const first = applyRefund(fresh(10, 9), refund(18000, 36000))!;
    expect(first).toMatchObject({ takenHours: 1, overdrawnNow: 4 });
    const second = applyRefund(first.after, refund(36000, 36000))!;
    expect(second).toMatchObject({ takenHours: 0, overdrawnNow: 5, after: { overdrawnHours: 9, totalHours: 9 } });
  });

  it('ends in the same state whatever order the refunds of one payment arrive in', () => {
    const amount = 36000;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }).chain((hours) =>
          fc.tuple(
            fc.constant(hours),
            fc.integer({ min: 0, max: hours * 2 }).map((halves) => halves / 2),
            fc.array(fc.record({ refundedAmount: fc.integer({ min: 1, max: amount }), fullyRefunded: fc.boolean() }), {
              minLength: 1,
              maxLength: 5,
            }),
          ),
        ),
        ([hours, used, seen]) => {
          const refunds = seen.map((s) => ({ ...s, amount }));
          const forward = applyAll(fresh(hours, used), refunds);
          const backward = applyAll(fresh(hours, used), [...refunds].reverse());
          expect(backward).toEqual(forward);
          // Every hour taken back either left the total or is owed as the overdraft, and used hours stay.
          expect(forward.taken + forward.overdrawn).toBe(forward.pkg.hoursTakenBack * 10);
          expect(forward.pkg.totalHours).toBeGreaterThanOrEqual(used);
          expect(forward.pkg.totalHours * 10 + forward.taken).toBe(hours * 10);
        },
      ),
    );
  });
});

describe('dispute hold', () => {
  it('moves a dispute forward only: open → won | lost, never back, never twice', () => {
    expect(disputeMovesOn(null, 'open')).toBe(true);
    expect(disputeMovesOn(null, 'lost')).toBe(true);
    expect(disputeMovesOn('open', 'won')).toBe(true);
    expect(disputeMovesOn('open', 'open')).toBe(false);
    expect(disputeMovesOn('won', 'open')).toBe(false);
    expect(disputeMovesOn('lost', 'won')).toBe(false);
  });

  it('holds the package while any dispute is open', () => {
    expect(holdFor(1)).toBe(PackageHoldMessages.frozenByDispute);
    expect(holdFor(2)).toBe(PackageHoldMessages.frozenByDispute);
    expect(holdFor(0)).toBeNull();
  });

  it('says in the ledger whether a won dispute lifted the hold', () => {
    const hold = PackageHoldMessages.frozenByDispute;
    expect(disputeReason('open', null, hold)).toBe('Payment disputed: package on hold');
    expect(disputeReason('won', hold, null)).toBe('Dispute won: hold lifted');
    expect(disputeReason('won', hold, hold)).toBe('Dispute won');
    expect(disputeReason('lost', hold, null)).toBe('Dispute lost: the payment was taken back');
  });
});
