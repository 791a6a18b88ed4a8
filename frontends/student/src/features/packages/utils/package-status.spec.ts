import { describe, expect, it } from '@jest/globals';
import { PackageHoldMessages } from '@medtutor/contracts';
import {
  holdReason,
  hoursSummary,
  packageStatus,
  progressPercent,
  refundedHours,
  remainingHours,
} from './package-status';
import { hoursPackage } from '../../../testing/fixtures';

describe('packageStatus', () => {
  it('is Not Started with no hours used', () => {
    expect(packageStatus({ usedHours: 0, totalHours: 5 })).toBe('Not Started');
  });

  it('is In Progress between none and all', () => {
    expect(packageStatus({ usedHours: 0.5, totalHours: 5 })).toBe('In Progress');
    expect(packageStatus({ usedHours: 4.5, totalHours: 5 })).toBe('In Progress');
  });

  it('is COMPLETED when used reaches or passes the total', () => {
    expect(packageStatus({ usedHours: 5, totalHours: 5 })).toBe('COMPLETED');
    expect(packageStatus({ usedHours: 6, totalHours: 5 })).toBe('COMPLETED');
  });
});

describe('hours', () => {
  it('never reports negative remaining hours or more than 100%', () => {
    expect(remainingHours({ usedHours: 6, totalHours: 5, reservedHours: 0 })).toBe(0);
    expect(progressPercent({ usedHours: 6, totalHours: 5 })).toBe(100);
    expect(progressPercent({ usedHours: 2.5, totalHours: 10 })).toBe(25);
  });

  it('sums the summary cards over every package', () => {
    expect(
      hoursSummary([
        { usedHours: 2, totalHours: 5, reservedHours: 0 },
        { usedHours: 10, totalHours: 10, reservedHours: 0 },
        { usedHours: 0, totalHours: 1, reservedHours: 0 },
      ]),
    ).toEqual({ total: 16, used: 12, remaining: 4 });
  });
});

describe('refunds and holds', () => {
  it('counts the hours a refund took back, never negative', () => {
    expect(refundedHours({ originalHours: 5, totalHours: 3 })).toBe(2);
    expect(refundedHours({ originalHours: 5, totalHours: 2.5 })).toBe(2.5);
    expect(refundedHours({ originalHours: 5, totalHours: 5 })).toBe(0);
  });

  it('holds a package only while it carries a reason', () => {
    expect(holdReason({ frozenReason: PackageHoldMessages.frozenByDispute })).toBe(PackageHoldMessages.frozenByDispute);
    expect(holdReason({ frozenReason: null })).toBeNull();
    expect(holdReason({ frozenReason: '' })).toBeNull();
  });
});

describe('hours held by bookings (issue 25)', () => {
  it('are no longer free to book, nor counted as remaining', () => {
    expect(remainingHours({ usedHours: 1, totalHours: 5, reservedHours: 1.5 })).toBe(2.5);
    expect(remainingHours({ usedHours: 4, totalHours: 5, reservedHours: 2 })).toBe(0);
    expect(hoursSummary([hoursPackage({ id: 3, reservedHours: 2 })])).toEqual({ total: 5, used: 0, remaining: 3 });
  });
});
