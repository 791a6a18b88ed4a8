import { describe, expect, it } from '@jest/globals';
import {
  ConsultationSubjects,
  DualTutorMinimumHours,
  freeTrialAdditionalInfo,
  HoursStep,
  isFreeTrialRequest,
  isHalfHourStep,
  LedgerEntryKinds,
  SessionDurationsHours,
  TutorDirectoryMessages,
  TutoringMessages,
} from './tutoring.js';

describe('hours rules of docs/product.md §4, §5 and §9', () => {
  it('moves hours in half-hour steps', () => {
    expect(HoursStep).toBe(0.5);
    for (const hours of [0, 0.5, 1, 2.5, 10, -1.5]) expect(isHalfHourStep(hours)).toBe(true);
    for (const hours of [0.1, 0.25, 1.3, 2.75]) expect(isHalfHourStep(hours)).toBe(false);
  });

  it('refuses what is not a finite number of hours', () => {
    expect(isHalfHourStep(Number.NaN)).toBe(false);
    expect(isHalfHourStep(Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('offers dual tutors from 10 hours and sessions of 1, 1.5 or 2 hours', () => {
    expect(DualTutorMinimumHours).toBe(10);
    expect(TutoringMessages.dualTutorsNeedTenHours).toBe(
      'Dual tutors are available only for packages of 10 hours or more',
    );
    expect(SessionDurationsHours).toEqual([1, 1.5, 2]);
    expect(TutorDirectoryMessages.durationInvalid).toBe('Please choose a duration of 1, 1.5, 2 hours');
    expect(TutorDirectoryMessages.notEnoughHours(1.5)).toBe('Only 1.5 hours remain on this package');
  });

  it('records usage, refunds and disputes in the ledger', () => {
    expect(LedgerEntryKinds).toEqual(['usage', 'refund', 'dispute']);
  });
});

describe('free-trial requests', () => {
  it('lists the catalog subjects and medical school exams as consultation subjects', () => {
    expect(ConsultationSubjects).toEqual([
      'UCAT',
      'Medical School Interviews',
      'Medical School Support',
      'Medical School Exams',
    ]);
  });

  it.each([
    [{ subjectInterest: 'FREE TRIAL - UCAT' }, true],
    [{ subjectInterest: '  FREE TRIAL - Medical School Exams' }, true],
    [{ subjectInterest: 'UCAT FREE TRIAL - ' }, false],
    [{ subjectInterest: 'free trial - UCAT' }, false],
    [{ subjectInterest: 'FREE TRIAL -UCAT' }, false],
    [{ subjectInterest: 42 }, false],
    [{}, false],
    [null, false],
    [undefined, false],
  ])('%j is a free-trial request: %s', (body, expected) => {
    expect(isFreeTrialRequest(body)).toBe(expected);
  });

  it('writes the request details for the team', () => {
    expect(freeTrialAdditionalInfo('UCAT')).toBe(
      'This is a free trial session request for UCAT. Please contact me through your messaging app to arrange it.',
    );
  });
});
