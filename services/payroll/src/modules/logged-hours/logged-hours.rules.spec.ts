import { describe, expect, it } from '@jest/globals';
import type { HoursUsedV1 } from '@medtutor/contracts';
import { loggedSessionOf } from './logged-hours.rules.js';

const used = (overrides: Partial<HoursUsedV1> = {}): HoursUsedV1 => ({
  sessionId: 7,
  ledgerEntryId: 70,
  userId: 42,
  subject: 'UCAT',
  packageName: '5-Hour Package',
  hours: 1.5,
  usedHoursAfter: 1.5,
  totalHours: 5,
  date: '2026-11-25',
  tutorId: 3,
  tutorName: 'Dr Tutor',
  tutorUserId: 30,
  actorRole: 'tutor',
  reason: 'Session delivered on 2026-11-25 (1.5 h)',
  ...overrides,
});

describe('loggedSessionOf', () => {
  it("counts a tutor's delivered session towards the week of its date", () => {
    expect(loggedSessionOf(used())).toEqual({
      tutorId: 3,
      weekStarting: '2026-11-23',
      sessionId: 7,
      studentUserId: 42,
      subject: 'UCAT',
      hours: 1.5,
    });
  });

  it('puts a Sunday in the week that began the Monday before, and a Monday in its own', () => {
    expect(loggedSessionOf(used({ date: '2026-11-29' }))?.weekStarting).toBe('2026-11-23');
    expect(loggedSessionOf(used({ date: '2026-11-30' }))?.weekStarting).toBe('2026-11-30');
    // Across a month and a year.
    expect(loggedSessionOf(used({ date: '2027-01-01' }))?.weekStarting).toBe('2026-12-28');
  });

  it("counts no admin correction, no student's late cancellation and no session without a tutor", () => {
    expect(loggedSessionOf(used({ actorRole: 'admin', tutorId: null }))).toBeNull();
    expect(loggedSessionOf(used({ actorRole: 'student' }))).toBeNull();
    expect(loggedSessionOf(used({ tutorId: null }))).toBeNull();
  });
});
