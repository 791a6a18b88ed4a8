import { describe, expect, it } from '@jest/globals';
import { cancellationNotice, cancellationOutcome, cancellationRule } from './cancellation';

const start = '2027-03-29T09:00:00Z';
const hoursBefore = (hours: number) => new Date(Date.parse(start) - hours * 3_600_000);

describe('the cancel dialog under the 24-hour rule', () => {
  it('returns the hours at 24 hours or more before the start, uses them later', () => {
    expect(cancellationOutcome(start, hoursBefore(25))).toBe('returned');
    expect(cancellationOutcome(start, hoursBefore(24))).toBe('returned');
    expect(cancellationOutcome(start, hoursBefore(23.99))).toBe('used');
    expect(cancellationOutcome(start, hoursBefore(-1))).toBe('used');
  });

  it('counts real hours across the spring clock change (23 on the clock = 24 elapsed)', () => {
    // 09:00 BST on Monday 29 March; 24 hours earlier is 08:00 GMT on Sunday 28 March.
    const mondayNine = '2027-03-29T08:00:00Z';
    expect(cancellationOutcome(mondayNine, new Date('2027-03-28T08:00:00Z'))).toBe('returned');
    expect(cancellationOutcome(mondayNine, new Date('2027-03-28T08:30:00Z'))).toBe('used');
  });

  it("says which side applies, with the booking's hours", () => {
    const booking = { preferredDateTime: start, duration: 90 };
    expect(cancellationNotice(booking, hoursBefore(48))).toBe(
      'This session starts in 24 hours or more, so its 1.5 hours will return to your package.',
    );
    expect(cancellationNotice({ ...booking, duration: 60 }, hoursBefore(2))).toBe(
      'This session starts in less than 24 hours, so its 1 hour will be used.',
    );
  });

  it('states the policy in the words of the terms', () => {
    expect(cancellationRule).toContain('Cancellation is free with 24 hours or more notice');
    expect(cancellationRule).toContain('the full fee is due and the hours are used');
  });
});
