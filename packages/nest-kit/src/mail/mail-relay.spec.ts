import { describe, expect, it } from '@jest/globals';
import { retryDelayMs } from './mail-relay.js';

describe('retryDelayMs', () => {
  it('doubles from 10 seconds after each failed attempt', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([10_000, 20_000, 40_000, 80_000]);
  });

  it('caps the delay at 10 minutes', () => {
    expect(retryDelayMs(7)).toBe(600_000);
  });

  it('gives up after the eighth attempt, before a reset link would expire', () => {
    expect(retryDelayMs(8)).toBeNull();
    const total = [1, 2, 3, 4, 5, 6, 7].reduce((sum, attempts) => sum + (retryDelayMs(attempts) ?? 0), 0);
    expect(total).toBeLessThan(30 * 60_000);
  });
});
