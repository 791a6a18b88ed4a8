import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  cancellationOutcome,
  mayMarkNoShow,
  mayReschedule,
  releaseHours,
  remainingHours,
  reserveHours,
} from './booking-hours.rules.js';

const HOUR = 3_600_000;
const start = Date.parse('2027-03-29T09:00:00Z');

describe('hours reservation', () => {
  it('remaining = total − used − reserved, exact in tenths', () => {
    expect(remainingHours({ total: 10, used: 2.5, reserved: 1.5 })).toBe(6);
    expect(remainingHours({ total: 0.3, used: 0.1, reserved: 0.2 })).toBe(0);
  });

  it('reserves when enough remain', () => {
    expect(reserveHours({ total: 5, used: 2, reserved: 1 }, 2)).toEqual({ total: 5, used: 2, reserved: 3 });
  });

  it("answers 'insufficient' when fewer remain", () => {
    expect(reserveHours({ total: 5, used: 2, reserved: 1.5 }, 2)).toBe('insufficient');
    expect(reserveHours({ total: 1, used: 0, reserved: 0 }, 1.5)).toBe('insufficient');
  });

  it('never reserves past the total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 200 }),
        fc.constantFrom(1, 1.5, 2),
        (t, u, r, want) => {
          const hours = { total: t / 10, used: Math.min(u, t) / 10, reserved: Math.min(r, t - Math.min(u, t)) / 10 };
          const next = reserveHours(hours, want);
          if (next === 'insufficient') expect(remainingHours(hours)).toBeLessThan(want);
          else expect(remainingHours(next)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('the 24-hour cancellation rule', () => {
  it('returns a student’s hours at exactly 24 hours or more before the start', () => {
    expect(cancellationOutcome('student', start, start - 24 * HOUR)).toBe('returned');
    expect(cancellationOutcome('student', start, start - 72 * HOUR)).toBe('returned');
  });

  it('uses them a moment later', () => {
    expect(cancellationOutcome('student', start, start - 24 * HOUR + 1)).toBe('used');
    expect(cancellationOutcome('student', start, start - HOUR)).toBe('used');
  });

  it('returns them whenever the tutor or an admin cancels', () => {
    expect(cancellationOutcome('tutor', start, start - HOUR)).toBe('returned');
    expect(cancellationOutcome('admin', start, start + HOUR)).toBe('returned');
  });

  it('counts real hours across the spring clock change (23 h between London 10:00 on 27 and 28 March)', () => {
    const sunday10 = Date.parse('2027-03-28T09:00:00Z'); // 10:00 BST
    const saturday10 = Date.parse('2027-03-27T10:00:00Z'); // 10:00 GMT, 23 real hours earlier
    expect(cancellationOutcome('student', sunday10, saturday10)).toBe('used');
    expect(cancellationOutcome('student', sunday10, saturday10 - HOUR)).toBe('returned');
  });

  it('releases reserved hours back to remaining, or into used', () => {
    const hours = { total: 10, used: 2, reserved: 3 };
    expect(releaseHours(hours, 1.5, 'returned')).toEqual({ total: 10, used: 2, reserved: 1.5 });
    expect(releaseHours(hours, 1.5, 'used')).toEqual({ total: 10, used: 3.5, reserved: 1.5 });
    expect(remainingHours(releaseHours(hours, 1.5, 'used'))).toBe(remainingHours(hours));
  });
});

describe('changes', () => {
  it('lets a student move a booking until the notice, tutors and admins any time', () => {
    expect(mayReschedule('student', start, start - 24 * HOUR, 24)).toBe(true);
    expect(mayReschedule('student', start, start - 23 * HOUR, 24)).toBe(false);
    expect(mayReschedule('student', start, start - 13 * HOUR, 12)).toBe(true);
    expect(mayReschedule('tutor', start, start - HOUR, 24)).toBe(true);
    expect(mayReschedule('admin', start, start + HOUR, 24)).toBe(true);
  });

  it('marks a no-show only from the start', () => {
    expect(mayMarkNoShow(start, start - 1)).toBe(false);
    expect(mayMarkNoShow(start, start)).toBe(true);
  });
});
