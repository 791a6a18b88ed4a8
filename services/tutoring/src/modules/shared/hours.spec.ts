import { describe, expect, it } from '@jest/globals';
import { decimalHours, fromTenths, toTenths } from './hours.js';

describe('hours in tenths', () => {
  it.each([
    [0, 0],
    [0.5, 5],
    [1.5, 15],
    [10, 100],
    [2.3, 23],
  ])('%d hours are %d tenths', (hours, tenths) => {
    expect(toTenths(hours)).toBe(tenths);
    expect(fromTenths(tenths)).toBe(hours);
  });

  it('rounds away binary noise, so sums of tenths stay exact', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point.
    expect(toTenths(0.1 + 0.2)).toBe(3);
    expect(fromTenths(toTenths(0.1) + toTenths(0.2))).toBe(0.3);
    expect(toTenths(1.15)).toBe(12);
    expect(toTenths(0.04)).toBe(0);
    expect(toTenths(0.06)).toBe(1);
  });

  it('keeps the sign of hours given back', () => {
    expect(toTenths(-1.5)).toBe(-15);
    expect(fromTenths(-5)).toBe(-0.5);
  });
});

describe('decimalHours', () => {
  it('reads a NUMERIC column through its text, as Prisma hands it over', () => {
    expect(decimalHours({ toString: () => '7.5' })).toBe(7.5);
    expect(decimalHours({ toString: () => '0.0' })).toBe(0);
    expect(decimalHours({ toString: () => '12' })).toBe(12);
  });
});
