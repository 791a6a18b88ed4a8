import { describe, expect, it } from '@jest/globals';
import { ledgerChange } from './ledger';

describe('ledgerChange', () => {
  it('says what a refund took from the package', () => {
    expect(ledgerChange({ kind: 'refund', deltaHours: 0, totalDeltaHours: -2 })).toBe('\u22122 h from the package');
    expect(ledgerChange({ kind: 'refund', deltaHours: 0, totalDeltaHours: -2.5 })).toBe('\u22122.5 h from the package');
  });

  it('keeps the used and given-back wording of sessions', () => {
    expect(ledgerChange({ kind: 'usage', deltaHours: 1.5, totalDeltaHours: 0 })).toBe('1.5 h used');
    expect(ledgerChange({ kind: 'usage', deltaHours: -1, totalDeltaHours: 0 })).toBe('1 h given back');
  });

  it('says both when one entry moved both', () => {
    expect(ledgerChange({ kind: 'dispute', deltaHours: -1, totalDeltaHours: -5 })).toBe(
      '\u22125 h from the package, 1 h given back',
    );
  });

  it('says a hold changed no hours', () => {
    expect(ledgerChange({ kind: 'dispute', deltaHours: 0, totalDeltaHours: 0 })).toBe('No change in hours');
    expect(ledgerChange({ kind: 'usage', deltaHours: 0, totalDeltaHours: 0 })).toBe('No change');
  });
});
