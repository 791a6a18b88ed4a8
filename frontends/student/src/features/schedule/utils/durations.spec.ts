import { describe, expect, it } from '@jest/globals';
import { defaultDuration, durationOptions } from './durations';

describe('durationOptions', () => {
  it('disables the options longer than the hours left', () => {
    expect(durationOptions(1.5)).toEqual([
      { hours: 1, disabled: false },
      { hours: 1.5, disabled: false },
      { hours: 2, disabled: true },
    ]);
  });

  it('preselects the shortest that fits, or none', () => {
    expect(defaultDuration(5)).toBe(1);
    expect(defaultDuration(0.5)).toBeNull();
  });
});
