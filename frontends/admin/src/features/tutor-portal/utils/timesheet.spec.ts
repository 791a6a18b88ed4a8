import { describe, expect, it } from '@jest/globals';
import { currentWeekStart } from './timesheet';

describe('timesheet week', () => {
  it('starts on the Monday of the current week', () => {
    expect(currentWeekStart(new Date('2026-11-22T12:00:00Z'))).toBe('2026-11-16');
    expect(currentWeekStart(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23');
  });
});
