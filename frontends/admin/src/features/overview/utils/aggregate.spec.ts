import { describe, expect, it } from '@jest/globals';
import type { AdminPackageDto, AdminUserWithPackagesDto } from '@medtutor/contracts';
import { hoursSoldVsUsed, trialFunnel } from './aggregate';

const pkg = (over: Partial<AdminPackageDto>): AdminPackageDto => ({
  id: 1,
  userId: 1,
  subject: 'Medical School Interviews',
  packageName: '5 Sessions',
  totalHours: 5,
  usedHours: 0,
  reservedHours: 0,
  purchaseDate: '2026-11-18T10:00:00.000Z',
  examDate: null,
  assignedTutor: null,
  tutorCalendarLink: null,
  secondaryTutor: null,
  secondaryTutorCalendarLink: null,
  hasDualTutors: false,
  originalHours: over.totalHours ?? 5,
  overdrawnHours: 0,
  frozenReason: null,
  tutorDeactivated: false,
  ...over,
});

const student = (id: number, freeTrialUsed: boolean, sessions: AdminPackageDto[]): AdminUserWithPackagesDto => ({
  id,
  username: `s${id}`,
  email: `s${id}@example.com`,
  firstName: null,
  lastName: null,
  phone: null,
  freeTrialUsed,
  role: 'student',
  isAdmin: false,
  consent: { state: 'adult', consentGivenAt: null },
  sessions,
});

describe('overview aggregation', () => {
  const users = [
    student(1, true, [
      pkg({ totalHours: 10, usedHours: 3 }),
      pkg({ id: 2, subject: 'UCAT', purchaseDate: '2026-11-09T09:00:00.000Z' }),
    ]),
    student(2, true, []),
    student(3, false, [pkg({ id: 3, totalHours: 1, usedHours: 1 })]),
  ];

  it('compares hours sold and used per subject', () => {
    expect(hoursSoldVsUsed(users)).toEqual([
      { subject: 'Medical School Interviews', sold: 11, used: 4, takenBack: 0 },
      { subject: 'UCAT', sold: 5, used: 0, takenBack: 0 },
    ]);
  });

  it('counts hours sold net of refunds and what refunds took back', () => {
    const refunded = [
      // 40 % of a 5-hour package refunded: 2 hours back.
      student(4, false, [pkg({ id: 4, originalHours: 5, totalHours: 3, usedHours: 1 })]),
      // Refunded in full with 2 hours used: total stays at the used hours, 3 back.
      student(5, false, [
        pkg({ id: 5, subject: 'UCAT', originalHours: 5, totalHours: 2, usedHours: 2, overdrawnHours: 2 }),
      ]),
    ];
    expect(hoursSoldVsUsed(refunded)).toEqual([
      { subject: 'Medical School Interviews', sold: 3, used: 1, takenBack: 2 },
      { subject: 'UCAT', sold: 2, used: 2, takenBack: 3 },
    ]);
  });

  it('counts the trial to paid funnel', () => {
    expect(trialFunnel(users)).toEqual({ students: 3, trialTaken: 2, trialThenPaid: 1, paid: 2 });
  });
});
