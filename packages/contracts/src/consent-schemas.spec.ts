import { describe, expect, it } from '@jest/globals';
import { AgeMessages, ukDateOf } from './consent.js';
import {
  GuardianConsentTokenBodySchema,
  SetDateOfBirthBodySchema,
  StudentConsentChangedV1Schema,
} from './consent-schemas.js';
import { RegisterBodySchema, RegisterFormSchema } from './identity.js';

/** A date of birth `years` years and `days` days before today in London. */
const bornYearsAgo = (years: number, days = 0) => {
  const today = new Date(`${ukDateOf(new Date())}T12:00:00Z`);
  today.setUTCDate(today.getUTCDate() - days);
  today.setUTCFullYear(today.getUTCFullYear() - years);
  return today.toISOString().slice(0, 10);
};

const account = { username: 'sam', email: 'sam@example.com', password: 'secret-enough' };
const guardian = { guardianName: 'Pat Lee', guardianEmail: 'pat@example.com' };
const messages = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('RegisterBodySchema with a date of birth (issue 26)', () => {
  it("keeps the spec's payload, without a date of birth, valid", () => {
    expect(RegisterBodySchema.safeParse(account).success).toBe(true);
    expect(RegisterBodySchema.parse({ ...account, dateOfBirth: '' }).dateOfBirth).toBeUndefined();
  });

  it('refuses an under-13 with the message the form shows', () => {
    const result = RegisterBodySchema.safeParse({ ...account, dateOfBirth: bornYearsAgo(12, 300) });
    expect(messages(result)).toEqual([['dateOfBirth', 'You must be at least 13 years old to use MedPath Tutors.']]);
  });

  it('asks a 13–17-year-old for a guardian whose email is not their own', () => {
    const dateOfBirth = bornYearsAgo(15);
    expect(messages(RegisterBodySchema.safeParse({ ...account, dateOfBirth }))).toEqual([
      ['guardianName', AgeMessages.guardianNameRequired],
      ['guardianEmail', AgeMessages.guardianEmailRequired],
    ]);
    const own = RegisterBodySchema.safeParse({
      ...account,
      dateOfBirth,
      ...guardian,
      guardianEmail: ' SAM@example.com',
    });
    expect(messages(own)).toEqual([['guardianEmail', AgeMessages.guardianEmailOwn]]);
    const bad = RegisterBodySchema.safeParse({ ...account, dateOfBirth, ...guardian, guardianEmail: 'pat@' });
    expect(messages(bad)).toEqual([['guardianEmail', 'Please enter a valid email address']]);
    expect(RegisterBodySchema.parse({ ...account, dateOfBirth, ...guardian })).toMatchObject({
      dateOfBirth,
      ...guardian,
    });
  });

  it('needs no guardian at 18, on the birthday itself', () => {
    expect(RegisterBodySchema.safeParse({ ...account, dateOfBirth: bornYearsAgo(18) }).success).toBe(true);
    expect(RegisterBodySchema.safeParse({ ...account, dateOfBirth: bornYearsAgo(18, -1) }).success).toBe(false);
  });

  it('refuses dates that are not, or cannot be, a date of birth', () => {
    for (const [dateOfBirth, message] of [
      ['2010-02-30', AgeMessages.dateOfBirthInvalid],
      ['01/02/2010', AgeMessages.dateOfBirthInvalid],
      [bornYearsAgo(0, -1), AgeMessages.dateOfBirthInFuture],
      [bornYearsAgo(101), AgeMessages.dateOfBirthImplausible],
    ] as const) {
      expect(messages(RegisterBodySchema.safeParse({ ...account, dateOfBirth }))).toEqual([['dateOfBirth', message]]);
    }
  });
});

describe('RegisterFormSchema', () => {
  it('requires the date of birth the API leaves optional', () => {
    expect(messages(RegisterFormSchema.safeParse(account))).toEqual([['dateOfBirth', AgeMessages.dateOfBirthRequired]]);
    expect(messages(RegisterFormSchema.safeParse({ ...account, dateOfBirth: '' }))).toEqual([
      ['dateOfBirth', AgeMessages.dateOfBirthRequired],
    ]);
    expect(RegisterFormSchema.safeParse({ ...account, dateOfBirth: bornYearsAgo(30) }).success).toBe(true);
  });
});

describe('SetDateOfBirthBodySchema', () => {
  it('applies the same rule, the date required', () => {
    expect(SetDateOfBirthBodySchema.safeParse({}).success).toBe(false);
    expect(SetDateOfBirthBodySchema.safeParse({ dateOfBirth: bornYearsAgo(16) }).success).toBe(false);
    expect(SetDateOfBirthBodySchema.safeParse({ dateOfBirth: bornYearsAgo(16), ...guardian }).success).toBe(true);
  });
});

describe('consent payloads', () => {
  it('takes the token from the body and refuses an empty one', () => {
    expect(GuardianConsentTokenBodySchema.parse({ token: ' abc ' })).toEqual({ token: 'abc' });
    expect(GuardianConsentTokenBodySchema.safeParse({ token: '' }).success).toBe(false);
  });

  it('announces only the id, the state and a positive version', () => {
    const event = { userId: 7, state: 'awaiting_consent', version: 2 };
    expect(StudentConsentChangedV1Schema.strict().parse(event)).toEqual(event);
    expect(StudentConsentChangedV1Schema.safeParse({ ...event, state: 'minor' }).success).toBe(false);
    expect(StudentConsentChangedV1Schema.safeParse({ ...event, version: 0 }).success).toBe(false);
  });
});
