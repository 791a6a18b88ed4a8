import { describe, expect, it } from '@jest/globals';
import { retentionCutoff } from './retention.rules.js';

const now = new Date('2027-03-01T12:00:00.000Z');

describe('retentionCutoff', () => {
  it('is exactly the period before now, in days of 24 hours', () => {
    expect(retentionCutoff(now, 30)).toEqual(new Date('2027-01-30T12:00:00.000Z'));
    expect(retentionCutoff(now, 1)).toEqual(new Date('2027-02-28T12:00:00.000Z'));
  });

  it('keeps 365 days inside 12 months across a leap day', () => {
    const afterLeapDay = new Date('2028-03-01T00:00:00.000Z');
    expect(retentionCutoff(afterLeapDay, 365)).toEqual(new Date('2027-03-02T00:00:00.000Z'));
    expect(retentionCutoff(afterLeapDay, 365).getTime()).toBeGreaterThan(
      new Date('2027-03-01T00:00:00.000Z').getTime(),
    );
  });
});
