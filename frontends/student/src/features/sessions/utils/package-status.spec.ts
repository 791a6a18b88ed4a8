import { describe, expect, it } from '@jest/globals';
import { hoursSummary, packageStatus, progressPercent, remainingHours } from './package-status';

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
    expect(remainingHours({ usedHours: 6, totalHours: 5 })).toBe(0);
    expect(progressPercent({ usedHours: 6, totalHours: 5 })).toBe(100);
    expect(progressPercent({ usedHours: 2.5, totalHours: 10 })).toBe(25);
  });

  it('sums the summary cards over every package', () => {
    expect(
      hoursSummary([
        { usedHours: 2, totalHours: 5 },
        { usedHours: 10, totalHours: 10 },
        { usedHours: 0, totalHours: 1 },
      ]),
    ).toEqual({ total: 16, used: 12, remaining: 4 });
  });
});
