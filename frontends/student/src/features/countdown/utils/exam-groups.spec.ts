import { describe, expect, it } from '@jest/globals';
import type { PackageDto } from '@medtutor/contracts';
import { examGroups, subjectsWithoutExamDate } from './exam-groups';

let nextId = 1;
const pkg = (overrides: Partial<PackageDto>): PackageDto => ({
  id: nextId++,
  userId: 1,
  subject: 'Medical School Interviews',
  packageName: '5-Session Package',
  totalHours: 5,
  usedHours: 0,
  reservedHours: 0,
  purchaseDate: '2027-01-01T10:00:00.000Z',
  examDate: null,
  assignedTutor: null,
  tutorCalendarLink: null,
  secondaryTutor: null,
  secondaryTutorCalendarLink: null,
  hasDualTutors: false,
  originalHours: overrides.totalHours ?? 5,
  overdrawnHours: 0,
  frozenReason: null,
  ...overrides,
});

describe('examGroups', () => {
  it('merges packages of one subject and date, summing their hours left, soonest first', () => {
    const groups = examGroups([
      pkg({ examDate: '2027-05-01', usedHours: 2 }),
      pkg({ examDate: '2027-05-01', totalHours: 10, usedHours: 1 }),
      pkg({ subject: 'UCAT', examDate: '2027-03-01' }),
      pkg({ examDate: '2027-06-01' }),
      pkg({ subject: 'Medical School Support' }),
    ]);

    expect(groups).toEqual([
      { subject: 'UCAT', examDate: '2027-03-01', hoursLeft: 5 },
      { subject: 'Medical School Interviews', examDate: '2027-05-01', hoursLeft: 12 },
      { subject: 'Medical School Interviews', examDate: '2027-06-01', hoursLeft: 5 },
    ]);
  });
});

describe('subjectsWithoutExamDate', () => {
  it('lists each subject once when none of its packages has a date', () => {
    expect(
      subjectsWithoutExamDate([
        pkg({ subject: 'Medical School Support' }),
        pkg({ subject: 'Medical School Support' }),
        pkg({ examDate: '2027-05-01' }),
        pkg({}),
      ]),
    ).toEqual(['Medical School Support']);
  });
});
