import { describe, expect, it } from '@jest/globals';
import { PackageHoldMessages } from '@medtutor/contracts';
import { dualModeByDefault, dualModeOffered, holdReason, parseUsedHours, refundedHours, remainingHours } from './hours';

describe('parseUsedHours', () => {
  it('does nothing on blank input', () => {
    expect(parseUsedHours('', 10)).toEqual({ kind: 'blank' });
    expect(parseUsedHours('   ', 10)).toEqual({ kind: 'blank' });
    expect(parseUsedHours(null, 10)).toEqual({ kind: 'blank' });
  });

  it('accepts 0 to the total in half-hour steps', () => {
    expect(parseUsedHours('0', 10)).toEqual({ kind: 'valid', usedHours: 0 });
    expect(parseUsedHours('2.5', 10)).toEqual({ kind: 'valid', usedHours: 2.5 });
    expect(parseUsedHours(10, 10)).toEqual({ kind: 'valid', usedHours: 10 });
  });

  it('refuses out-of-range, off-step and non-numbers with the spec message', () => {
    const invalid = { kind: 'invalid', message: 'Please enter a valid number between 0 and 5' };
    expect(parseUsedHours('5.5', 5)).toEqual(invalid);
    expect(parseUsedHours('-0.5', 5)).toEqual(invalid);
    expect(parseUsedHours('1.25', 5)).toEqual(invalid);
    expect(parseUsedHours('abc', 5)).toEqual(invalid);
  });
});

describe('dual tutor mode', () => {
  it('is offered only from 10 hours', () => {
    expect(dualModeOffered({ totalHours: 5 })).toBe(false);
    expect(dualModeOffered({ totalHours: 10 })).toBe(true);
  });

  it('defaults on when already dual or at least 10 hours', () => {
    expect(dualModeByDefault({ totalHours: 10, hasDualTutors: false })).toBe(true);
    expect(dualModeByDefault({ totalHours: 5, hasDualTutors: true })).toBe(true);
    expect(dualModeByDefault({ totalHours: 5, hasDualTutors: false })).toBe(false);
  });
});

describe('remainingHours', () => {
  it('never goes below zero', () => {
    expect(remainingHours({ totalHours: 5, usedHours: 1.5 })).toBe(3.5);
    expect(remainingHours({ totalHours: 5, usedHours: 6 })).toBe(0);
  });
});

describe('refunds and holds', () => {
  it('counts the hours refunds took back, never negative', () => {
    expect(refundedHours({ originalHours: 5, totalHours: 3 })).toBe(2);
    expect(refundedHours({ originalHours: 10, totalHours: 10 })).toBe(0);
  });

  it('holds a package only while it carries a reason', () => {
    expect(holdReason({ frozenReason: PackageHoldMessages.frozenByDispute })).toBe(PackageHoldMessages.frozenByDispute);
    expect(holdReason({ frozenReason: null })).toBeNull();
  });
});
