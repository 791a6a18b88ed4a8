import { describe, expect, it } from '@jest/globals';
import type { HoursLedgerEntryDto, TutorStudentPackageDto } from '@medtutor/contracts';
import { currentWeekStart, inWeek, loggedInWeek } from './timesheet';

const pkg: TutorStudentPackageDto = {
  id: 4,
  userId: 9,
  subject: 'Medical School Interviews',
  packageName: '10 Sessions',
  totalHours: 10,
  usedHours: 3,
  purchaseDate: '2026-11-01T10:00:00.000Z',
  examDate: null,
  assignedTutor: 'Dr A',
  tutorCalendarLink: 'https://cal.example/a',
  secondaryTutor: 'Dr B',
  secondaryTutorCalendarLink: 'https://cal.example/b',
  hasDualTutors: true,
  tutorRole: 'primary',
};

let nextId = 1;
const entry = (over: Partial<HoursLedgerEntryDto>): HoursLedgerEntryDto => ({
  id: nextId++,
  sessionId: 4,
  deltaHours: 1,
  usedHoursAfter: 1,
  reason: 'Delivered session',
  actorRole: 'tutor',
  actorName: 'Dr A',
  createdAt: '2026-11-17T10:00:00.000Z',
  ...over,
});

describe('timesheet week', () => {
  it('starts on Monday and spans 7 days', () => {
    expect(currentWeekStart(new Date('2026-11-22T12:00:00Z'))).toBe('2026-11-16');
    expect(inWeek('2026-11-22T23:59:00.000Z', '2026-11-16')).toBe(true);
    expect(inWeek('2026-11-23T00:00:00.000Z', '2026-11-16')).toBe(false);
    expect(inWeek('2026-11-15T23:00:00.000Z', '2026-11-16')).toBe(false);
  });

  it("prefills the hours this tutor logged that week and names the students", () => {
    const ledger = [
      entry({ deltaHours: 1 }),
      entry({ deltaHours: 1.5 }),
      entry({ deltaHours: 2, actorName: 'Dr B' }),
      entry({ deltaHours: 1, actorRole: 'admin', actorName: 'Admin' }),
      entry({ deltaHours: 1, createdAt: '2026-11-10T10:00:00.000Z' }),
    ];
    expect(loggedInWeek([{ pkg, label: 'Alex Jones', ledger }], '2026-11-16')).toEqual({
      hours: 2.5,
      studentNotes: 'Alex Jones (Medical School Interviews): 2.5 h',
    });
  });

  it('is zero for a week without sessions', () => {
    expect(loggedInWeek([{ pkg, label: 'Alex', ledger: [] }], '2026-11-16')).toEqual({ hours: 0, studentNotes: '' });
  });
});
