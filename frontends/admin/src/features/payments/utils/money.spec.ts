import { describe, expect, it } from '@jest/globals';
import { refundAmountLabel, toMajorUnits, toMinorUnits } from './money';

describe('toMinorUnits', () => {
  it('converts pounds to pence exactly', () => {
    expect(toMinorUnits('19.99', 'GBP')).toBe(1999);
    expect(toMinorUnits('0.29', 'GBP')).toBe(29);
    expect(toMinorUnits('64', 'GBP')).toBe(6400);
    expect(toMinorUnits('64.5', 'GBP')).toBe(6450);
    expect(toMinorUnits('64.', 'GBP')).toBe(6400);
    expect(toMinorUnits(1.1, 'USD')).toBe(110);
    expect(toMinorUnits(' 12.30 ', 'EUR')).toBe(1230);
  });

  it('takes yen as they are, the currency having no minor unit', () => {
    expect(toMinorUnits('30400', 'JPY')).toBe(30400);
    expect(toMinorUnits('30400.0', 'JPY')).toBe(30400);
    expect(toMinorUnits('304.5', 'JPY')).toBeNaN();
  });

  it('leaves a blank amount to the server (all that is left)', () => {
    expect(toMinorUnits('', 'GBP')).toBeUndefined();
    expect(toMinorUnits('  ', 'GBP')).toBeUndefined();
    expect(toMinorUnits(null, 'GBP')).toBeUndefined();
    expect(toMinorUnits(undefined, 'GBP')).toBeUndefined();
  });

  it('rejects what is not a plain amount in the currency rather than rounding it', () => {
    expect(toMinorUnits('12.345', 'GBP')).toBeNaN();
    expect(toMinorUnits('-5', 'GBP')).toBeNaN();
    expect(toMinorUnits('1e3', 'GBP')).toBeNaN();
    expect(toMinorUnits('£5', 'GBP')).toBeNaN();
    expect(toMinorUnits('5,00', 'GBP')).toBeNaN();
  });
});

describe('toMajorUnits', () => {
  it('writes minor units in the major unit', () => {
    expect(toMajorUnits(1999, 'GBP')).toBe('19.99');
    expect(toMajorUnits(5, 'GBP')).toBe('0.05');
    expect(toMajorUnits(16000, 'CHF')).toBe('160.00');
    expect(toMajorUnits(30400, 'JPY')).toBe('30400');
  });

  it('round-trips with toMinorUnits', () => {
    for (const minor of [1, 99, 100, 1999, 24130]) expect(toMinorUnits(toMajorUnits(minor, 'AUD'), 'AUD')).toBe(minor);
  });
});

describe('refundAmountLabel', () => {
  it('quotes the amount typed, or all that is left', () => {
    expect(refundAmountLabel(6400, 16000, 'GBP')).toBe('£64.00');
    expect(refundAmountLabel(undefined, 16000, 'GBP')).toBe('£160.00');
    expect(refundAmountLabel(Number.NaN, 30400, 'JPY')).toBe('¥30400');
  });
});
