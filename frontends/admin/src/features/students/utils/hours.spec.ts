import { describe, expect, it } from '@jest/globals';
import { dualModeByDefault, dualModeOffered, parseUsedHours, remainingHours } from './hours';

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
