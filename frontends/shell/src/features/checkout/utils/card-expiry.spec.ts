import { describe, expect, it } from '@jest/globals';
import { isFutureExpiry } from './card-expiry';

describe('isFutureExpiry', () => {
  const now = new Date(2026, 10, 22);

  it.each(['11/26', '12/26', '01/27', ' 03 / 30 '])('accepts %s', (value) => {
    expect(isFutureExpiry(value, now)).toBe(true);
  });

  it.each(['10/26', '12/25', '13/27', '00/27', '1/27', '1227', ''])('refuses %p', (value) => {
    expect(isFutureExpiry(value, now)).toBe(false);
  });
});
