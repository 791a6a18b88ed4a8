import { describe, expect, it } from '@jest/globals';
import { tutoringCutoffs } from './retention.rules.js';

describe('tutoringCutoffs', () => {
  const now = new Date('2027-06-15T10:30:00.000Z');

  it('makes a request due exactly RETENTION_REQUESTS_DAYS after it was made', () => {
    expect(tutoringCutoffs(now, 365).requests).toEqual(new Date('2026-06-15T10:30:00.000Z'));
    expect(tutoringCutoffs(now, 30).requests).toEqual(new Date('2027-05-16T10:30:00.000Z'));
  });

  it('makes an acknowledgement marker due once its one-a-day window is over', () => {
    expect(tutoringCutoffs(now, 365).acknowledgements).toEqual(new Date('2027-06-14T10:30:00.000Z'));
  });
});
