import {
  type DisputeStatus,
  disputeStatusRank,
  hoursToTakeBack,
  isHalfHourStep,
  PackageHoldMessages,
} from '@medtutor/contracts';
import { type PackageHours, remainingHours } from '../scheduling/booking-hours.rules.js';
import { fromTenths, toTenths } from '../shared/hours.js';

/**
 * The hours of a package as money and work move them: the credit of a payment, hours used by an
 * admin's correction or a delivered session, the refunded share taken back (or owed as an overdraft
 * when already used) and the hold of an open dispute. Hours are plain numbers in steps of 0.1;
 * arithmetic runs on tenths. No I/O: the services lock the package row and apply what these answer.
 */

/** A paid payment becomes a package of the hours it bought: its total and its original are both those. */
export const creditedHours = (paidHours: number): { totalHours: number; originalHours: number } => ({
  totalHours: paidHours,
  originalHours: paidHours,
});

/** An admin's correction: any half-hour step from 0 to the current total (after refunds), overdrawn or not. */
export const mayCorrectUsage = (totalHours: number, usedHours: number): boolean =>
  isHalfHourStep(usedHours) && toTenths(usedHours) >= 0 && toTenths(usedHours) <= toTenths(totalHours);

/**
 * A delivered session takes its duration from what remains; `releasedHours` is the reservation of the
 * booking it completes, given back first so that booking's hours count once, as used.
 */
export function deliverSession(
  hours: PackageHours,
  durationHours: number,
  releasedHours = 0,
): { usedHours: number } | { notEnough: number } {
  const remaining = remainingHours({
    ...hours,
    reserved: fromTenths(toTenths(hours.reserved) - toTenths(releasedHours)),
  });
  if (toTenths(durationHours) > toTenths(remaining)) return { notEnough: remaining };
  return { usedHours: fromTenths(toTenths(hours.used) + toTenths(durationHours)) };
}

/** A change of used hours: null when nothing changes; only hours leaving the package are work to pay for. */
export function usageChange(usedBefore: number, usedAfter: number): { deltaHours: number; tutorWork: boolean } | null {
  const delta = toTenths(usedAfter) - toTenths(usedBefore);
  return delta === 0 ? null : { deltaHours: fromTenths(delta), tutorWork: delta > 0 };
}

/** What a package holds that a refund changes; refundedAmount in the payment's minor unit. */
export interface RefundablePackage {
  originalHours: number;
  totalHours: number;
  usedHours: number;
  hoursTakenBack: number;
  overdrawnHours: number;
  refundedAmount: number;
}

/** What a payment_refunded event says: the amount paid and the running total refunded. */
export interface RefundSeen {
  amount: number;
  refundedAmount: number;
  fullyRefunded: boolean;
}

export interface RefundEffect {
  /** The package after the refund. */
  after: RefundablePackage;
  /** Hours that left the total now. */
  takenHours: number;
  /** Hours newly claimed that had already been used: added to the overdraft. */
  overdrawnNow: number;
}

/**
 * The refunded share of the hours bought (hoursToTakeBack of the largest refund seen) leaves the
 * total, except what was already used: that part is the package's overdraft. Null when the event
 * changes nothing (a duplicate, or an older, smaller running total), so any order gives one result.
 */
export function applyRefund(pkg: RefundablePackage, refund: RefundSeen): RefundEffect | null {
  const refundedAmount = Math.max(pkg.refundedAmount, refund.refundedAmount);
  const takenBefore = toTenths(pkg.hoursTakenBack);
  const target = Math.max(
    takenBefore,
    toTenths(hoursToTakeBack(pkg.originalHours, refund.amount, refundedAmount, refund.fullyRefunded)),
  );
  if (refundedAmount === pkg.refundedAmount && target === takenBefore) return null;

  const total = toTenths(pkg.totalHours);
  const claimed = target - takenBefore;
  const take = Math.min(claimed, total - toTenths(pkg.usedHours));
  const overdrawn = claimed - take;
  return {
    after: {
      ...pkg,
      totalHours: fromTenths(total - take),
      hoursTakenBack: fromTenths(target),
      refundedAmount,
      overdrawnHours: fromTenths(toTenths(pkg.overdrawnHours) + overdrawn),
    },
    takenHours: fromTenths(take),
    overdrawnNow: fromTenths(overdrawn),
  };
}

/** A dispute's status only moves forward (open → won | lost): a late or repeated one changes nothing. */
export const disputeMovesOn = (held: DisputeStatus | null, next: DisputeStatus): boolean =>
  held === null || disputeStatusRank(next) > disputeStatusRank(held);

/** The package is on hold while any of its payment's disputes is open. */
export const holdFor = (openDisputes: number): string | null =>
  openDisputes > 0 ? PackageHoldMessages.frozenByDispute : null;

const disputeReasons: Record<DisputeStatus, (holdLifted: boolean) => string> = {
  open: () => 'Payment disputed: package on hold',
  won: (holdLifted) => (holdLifted ? 'Dispute won: hold lifted' : 'Dispute won'),
  lost: () => 'Dispute lost: the payment was taken back',
};

/** The ledger's line for a dispute's new status; a won dispute says whether it lifted the hold. */
export const disputeReason = (status: DisputeStatus, holdBefore: string | null, holdAfter: string | null): string =>
  disputeReasons[status](holdBefore !== null && holdAfter === null);
