import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  AgeMessages,
  assessDateOfBirth,
  completedYears,
  dateOfBirthRefusal,
  mayPay,
  needsGuardian,
  parseCalendarDate,
  ukDateOf,
} from './consent.js';

const outcome = (dateOfBirth: string, now: string) => {
  const assessed = assessDateOfBirth(dateOfBirth, new Date(now));
  return assessed.ok ? assessed.outcome : assessed.message;
};

describe('parseCalendarDate', () => {
  it('reads real calendar days only', () => {
    expect(parseCalendarDate('2010-02-28')).toEqual({ year: 2010, month: 2, day: 28 });
    expect(parseCalendarDate('2008-02-29')).toEqual({ year: 2008, month: 2, day: 29 });
    for (const bad of [
      '2009-02-29',
      '2010-02-30',
      '2010-13-01',
      '2010-00-10',
      '2010-1-1',
      '10/01/2010',
      '',
      '0000-01-01',
    ]) {
      expect(parseCalendarDate(bad)).toBeNull();
    }
  });
});

describe('ukDateOf', () => {
  it('dates an instant by the clock in London, summer time included', () => {
    expect(ukDateOf(new Date('2026-07-01T22:59:59Z'))).toBe('2026-07-01');
    expect(ukDateOf(new Date('2026-07-01T23:00:00Z'))).toBe('2026-07-02'); // midnight BST
    expect(ukDateOf(new Date('2026-01-01T23:59:59Z'))).toBe('2026-01-01'); // GMT
  });
});

describe('assessDateOfBirth', () => {
  it('refuses under 13, asks for a guardian at 13–17, and lets 18 and over through', () => {
    expect(outcome('2014-06-15', '2026-06-15T12:00:00Z')).toBe('under13');
    expect(outcome('2013-06-15', '2026-06-15T12:00:00Z')).toBe('guardianRequired');
    expect(outcome('2009-06-16', '2026-06-15T12:00:00Z')).toBe('guardianRequired');
    expect(outcome('2008-06-15', '2026-06-15T12:00:00Z')).toBe('adult');
    expect(outcome('1990-01-01', '2026-06-15T12:00:00Z')).toBe('adult');
  });

  it('turns 13 and 18 at midnight of the birthday in UK time, not UTC', () => {
    // 23:30 UTC on 14 June is 00:30 on 15 June in London (BST): the birthday has begun.
    expect(outcome('2013-06-15', '2026-06-14T22:59:00Z')).toBe('under13');
    expect(outcome('2013-06-15', '2026-06-14T23:00:00Z')).toBe('guardianRequired');
    expect(outcome('2008-06-15', '2026-06-14T22:59:00Z')).toBe('guardianRequired');
    expect(outcome('2008-06-15', '2026-06-14T23:30:00Z')).toBe('adult');
    // In winter London is on UTC: 23:30 UTC on 14 January is still the 14th.
    expect(outcome('2008-01-15', '2026-01-14T23:30:00Z')).toBe('guardianRequired');
    expect(outcome('2008-01-15', '2026-01-15T00:00:00Z')).toBe('adult');
  });

  it('counts a 29 February birthday from 1 March in a common year, and on the day in a leap year', () => {
    expect(outcome('2008-02-29', '2026-02-28T12:00:00Z')).toBe('guardianRequired');
    expect(outcome('2008-02-29', '2026-03-01T12:00:00Z')).toBe('adult');
    expect(outcome('2012-02-29', '2025-02-28T12:00:00Z')).toBe('under13');
    expect(outcome('2012-02-29', '2025-03-01T12:00:00Z')).toBe('guardianRequired');
    expect(outcome('2010-02-29', '2028-02-29T12:00:00Z')).toBe(AgeMessages.dateOfBirthInvalid);
    expect(outcome('2012-02-29', '2030-02-28T12:00:00Z')).toBe('guardianRequired'); // 18 only on 1 March 2030
  });

  it('refuses a date in the future, an impossible date and one more than 100 years ago', () => {
    expect(outcome('2026-06-16', '2026-06-15T12:00:00Z')).toBe(AgeMessages.dateOfBirthInFuture);
    expect(outcome('2026-06-15', '2026-06-15T12:00:00Z')).toBe('under13'); // born today: a date, but too young
    expect(outcome('2010-02-30', '2026-06-15T12:00:00Z')).toBe(AgeMessages.dateOfBirthInvalid);
    expect(outcome('15/06/2010', '2026-06-15T12:00:00Z')).toBe(AgeMessages.dateOfBirthInvalid);
    expect(outcome('1926-06-16', '2026-06-15T12:00:00Z')).toBe('adult'); // 99
    expect(outcome('1926-06-15', '2026-06-15T12:00:00Z')).toBe(AgeMessages.dateOfBirthImplausible); // 100 today
    expect(outcome('0200-01-01', '2026-06-15T12:00:00Z')).toBe(AgeMessages.dateOfBirthImplausible);
  });

  const dayMs = 86_400_000;
  const instants = fc.date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2090-12-31T00:00:00Z'),
    noInvalidDate: true,
  });
  const birthDates = fc
    .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10));

  it('gives the outcome the completed years say (property)', () => {
    fc.assert(
      fc.property(birthDates, instants, (dateOfBirth, now) => {
        const assessed = assessDateOfBirth(dateOfBirth, now);
        const today = ukDateOf(now);
        if (dateOfBirth > today) return !assessed.ok && assessed.message === AgeMessages.dateOfBirthInFuture;
        const age = completedYears(parseCalendarDate(dateOfBirth)!, parseCalendarDate(today)!);
        if (age >= 100) return !assessed.ok;
        if (!assessed.ok) return false;
        const expected = age < 13 ? 'under13' : age < 18 ? 'guardianRequired' : 'adult';
        return assessed.age === age && assessed.outcome === expected;
      }),
    );
  });

  it('never makes anyone younger as time passes (property)', () => {
    fc.assert(
      fc.property(birthDates, instants, fc.integer({ min: 1, max: 4000 }), (dateOfBirth, now, days) => {
        const before = assessDateOfBirth(dateOfBirth, now);
        const after = assessDateOfBirth(dateOfBirth, new Date(now.getTime() + days * dayMs));
        if (!before.ok || !after.ok) return true;
        return after.age >= before.age;
      }),
    );
  });

  it('ages by exactly one year on each birthday in London (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 13, max: 99 }), instants, (years, now) => {
        const today = parseCalendarDate(ukDateOf(now))!;
        if (today.month === 2 && today.day === 29) return true;
        const birthday = `${String(today.year - years).padStart(4, '0')}-${ukDateOf(now).slice(5)}`;
        const assessed = assessDateOfBirth(birthday, now);
        return assessed.ok && assessed.age === years;
      }),
    );
  });
});

describe('dateOfBirthRefusal and needsGuardian', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  it('words the refusal of an under-13 the way the registration form shows it', () => {
    expect(dateOfBirthRefusal('2015-01-01', now)).toBe('You must be at least 13 years old to use MedPath Tutors.');
    expect(dateOfBirthRefusal('2010-01-01', now)).toBeNull();
    expect(dateOfBirthRefusal('not a date', now)).toBe(AgeMessages.dateOfBirthInvalid);
  });

  it('asks for a guardian at 13–17 only', () => {
    expect(needsGuardian('2010-01-01', now)).toBe(true);
    expect(needsGuardian('2000-01-01', now)).toBe(false);
    expect(needsGuardian('2015-01-01', now)).toBe(false);
    expect(needsGuardian(undefined, now)).toBe(false);
  });
});

describe('mayPay', () => {
  it('lets adults and students with consent pay, nobody else', () => {
    expect(mayPay('adult')).toBe(true);
    expect(mayPay('consent_given')).toBe(true);
    expect(mayPay('awaiting_consent')).toBe(false);
    expect(mayPay('date_of_birth_missing')).toBe(false);
  });
});
