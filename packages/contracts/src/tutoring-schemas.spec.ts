import { describe, expect, it } from '@jest/globals';
import { ValidationMessages as M } from './messages.js';
import { TutorDirectoryMessages, TutoringMessages } from './tutoring.js';
import {
  CalendarDateSchema,
  CheckFreeTrialBodySchema,
  CreateTutorBodySchema,
  DeliveredSessionBodySchema,
  ListUsersRequestSchema,
  PathIdSchema,
  PackageDtoSchema,
  SubmitConsultationBodySchema,
  TutorStudentPackageDtoSchema,
  UpdateTutorBodySchema,
  UsageBodySchema,
} from './tutoring-schemas.js';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('PathIdSchema', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
  ])('reads %j as %d', (text, id) => {
    expect(PathIdSchema.parse(text)).toBe(id);
  });

  it.each(['0', '07', '1e3', ' 7', '7 ', '0x10', '-1', '2147483648', '12345678901', ''])('names no row: %j', (text) => {
    expect(PathIdSchema.safeParse(text).success).toBe(false);
  });
});

describe('CalendarDateSchema', () => {
  it('takes a real day, trimmed', () => {
    expect(CalendarDateSchema.parse(' 2028-02-29 ')).toBe('2028-02-29');
    expect(CalendarDateSchema.parse('2027-12-31')).toBe('2027-12-31');
  });

  it.each([
    ['', M.examDateRequired],
    ['  ', M.examDateRequired],
    [undefined, M.examDateRequired],
    ['2027-02-30', TutoringMessages.examDateInvalid],
    ['2027-02-29', TutoringMessages.examDateInvalid],
    ['2027-13-01', TutoringMessages.examDateInvalid],
    ['27-06-01', TutoringMessages.examDateInvalid],
    ['2027-06-01T00:00', TutoringMessages.examDateInvalid],
    ['x2027-06-01', TutoringMessages.examDateInvalid],
  ])('refuses %j', (value, message) => {
    expect(messages(CalendarDateSchema.safeParse(value))?.[0]).toBe(message);
  });
});

describe('UsageBodySchema', () => {
  it.each([
    [2.5, 2.5],
    ['1.5', 1.5],
    [' 3 ', 3],
    ['-1', -1],
    [0, 0],
  ])('reads %j as %d hours', (usedHours, hours) => {
    expect(UsageBodySchema.parse({ usedHours })).toEqual({ usedHours: hours });
  });

  it.each(['', 'abc', '1.', '.5', '1,5', null, true])('refuses %j as not a number', (usedHours) => {
    expect(messages(UsageBodySchema.safeParse({ usedHours }))).toEqual([TutoringMessages.hoursNotANumber]);
  });

  it('trims the reason and bounds it at 500 characters', () => {
    expect(UsageBodySchema.parse({ usedHours: 1, reason: ' Missed\nsession ' })).toEqual({
      usedHours: 1,
      reason: 'Missed\nsession',
    });
    expect(UsageBodySchema.safeParse({ usedHours: 1, reason: 'x'.repeat(500) }).success).toBe(true);
    expect(UsageBodySchema.safeParse({ usedHours: 1, reason: 'x'.repeat(501) }).success).toBe(false);
  });
});

describe('DeliveredSessionBodySchema', () => {
  it.each([1, 1.5, 2, '1.5'])('takes a session of %j hours', (durationHours) => {
    expect(DeliveredSessionBodySchema.parse({ date: '2027-06-01', durationHours })).toEqual({
      date: '2027-06-01',
      durationHours: Number(durationHours),
    });
  });

  it.each([0.5, 2.5, 3, 'one'])('refuses %j hours with the durations on offer', (durationHours) => {
    expect(messages(DeliveredSessionBodySchema.safeParse({ date: '2027-06-01', durationHours }))).toEqual([
      TutorDirectoryMessages.durationInvalid,
    ]);
  });

  it('states the durations for the OpenAPI document and bounds the notes', () => {
    expect(DeliveredSessionBodySchema.shape.durationHours.meta()).toEqual({ enum: [1, 1.5, 2] });
    const body = { date: '2027-06-01', durationHours: 1 };
    expect(DeliveredSessionBodySchema.parse({ ...body, notes: ' ok ' })).toEqual({ ...body, notes: 'ok' });
    expect(DeliveredSessionBodySchema.safeParse({ ...body, notes: 'x'.repeat(2001) }).success).toBe(false);
  });
});

describe('consultation and free-trial forms', () => {
  const home = { firstName: ' Sam ', lastName: 'Lee', phone: '01234', subjectInterest: 'UCAT' };

  it('takes the home form with an optional email and defaults isParent to false', () => {
    expect(SubmitConsultationBodySchema.parse(home)).toEqual({ ...home, firstName: 'Sam', isParent: false });
    expect(SubmitConsultationBodySchema.parse({ ...home, email: '', isParent: true })).toEqual({
      ...home,
      firstName: 'Sam',
      isParent: true,
    });
  });

  it.each([
    [{ firstName: 'S' }, M.firstNameMin],
    [{ lastName: ' L ' }, M.lastNameMin],
    [{ email: 'sam@' }, M.emailInvalid],
    [{ phone: '1234' }, M.phoneInvalid],
    [{ phone: '1'.repeat(31) }, M.phoneInvalid],
    [{ subjectInterest: ' ' }, M.subjectRequired],
  ])('refuses the home form with %j', (change, message) => {
    expect(messages(SubmitConsultationBodySchema.safeParse({ ...home, ...change }))).toEqual([message]);
  });

  it('asks a free trial for an email and a phone number of 10 characters', () => {
    const trial = { ...home, subjectInterest: 'FREE TRIAL - UCAT', email: 'sam@example.com', phone: '0123456789' };
    expect(SubmitConsultationBodySchema.parse(trial)).toMatchObject({ email: 'sam@example.com', phone: '0123456789' });
    expect(messages(SubmitConsultationBodySchema.safeParse({ ...trial, phone: '012345678' }))).toEqual([
      M.phoneInvalid,
    ]);
    expect(messages(SubmitConsultationBodySchema.safeParse({ ...trial, email: undefined }))).toEqual([M.emailInvalid]);
    expect(SubmitConsultationBodySchema.safeParse({ ...trial, email: '' }).error?.issues[0]?.path).toEqual(['email']);
  });

  it('checks a free trial only with what was given, trimmed', () => {
    expect(CheckFreeTrialBodySchema.parse({ email: ' sam@example.com ' })).toEqual({ email: 'sam@example.com' });
    expect(CheckFreeTrialBodySchema.safeParse({ phone: '1'.repeat(31) }).success).toBe(false);
  });
});

describe('tutor directory', () => {
  const link = 'https://cal.example/ada';

  it('fills the defaults of a new tutor and turns an empty photo into none', () => {
    expect(CreateTutorBodySchema.parse({ name: 'Dr Ada', specialty: 'Interviews', calendarLink: link })).toEqual({
      name: 'Dr Ada',
      specialty: 'Interviews',
      qualifications: '',
      photoUrl: null,
      calendarLink: link,
      subjects: [],
    });
    expect(
      CreateTutorBodySchema.parse({ name: 'Dr Ada', specialty: 'S', calendarLink: link, photoUrl: ' ' }).photoUrl,
    ).toBeNull();
  });

  it.each([
    [{ name: ' ' }, TutorDirectoryMessages.nameRequired],
    [{ specialty: '' }, TutorDirectoryMessages.specialtyRequired],
    [{ calendarLink: 'ftp://cal.example' }, M.urlInvalid],
    [{ calendarLink: 'cal.example' }, M.urlInvalid],
    [{ photoUrl: 'javascript:alert(1)' }, M.urlInvalid],
    [{ photoUrl: `https://img.example/${'x'.repeat(2000)}` }, M.urlInvalid],
  ])('refuses %j', (change, message) => {
    const result = CreateTutorBodySchema.safeParse({ name: 'Dr Ada', specialty: 'S', calendarLink: link, ...change });
    expect(messages(result)?.[0]).toBe(message);
  });

  it('bounds the subjects to the consultation subjects, each at most once in number', () => {
    const body = { name: 'Dr Ada', specialty: 'S', calendarLink: link };
    expect(CreateTutorBodySchema.parse({ ...body, subjects: ['UCAT', 'Medical School Exams'] }).subjects).toEqual([
      'UCAT',
      'Medical School Exams',
    ]);
    expect(CreateTutorBodySchema.safeParse({ ...body, subjects: ['Chemistry'] }).success).toBe(false);
    expect(CreateTutorBodySchema.safeParse({ ...body, subjects: Array(5).fill('UCAT') }).success).toBe(false);
    expect(CreateTutorBodySchema.safeParse({ ...body, name: 'x'.repeat(101) }).success).toBe(false);
    expect(CreateTutorBodySchema.safeParse({ ...body, specialty: 'x'.repeat(201) }).success).toBe(false);
  });

  it('updates any subset without defaults; the active flag only through its own routes', () => {
    expect(UpdateTutorBodySchema.parse({})).toEqual({});
    expect(UpdateTutorBodySchema.parse({ active: true, photoUrl: null })).toEqual({ photoUrl: null });
    expect(UpdateTutorBodySchema.safeParse({ subjects: Array(5).fill('UCAT') }).success).toBe(false);
  });
});

describe('packages as clients see them', () => {
  const pkg = {
    id: 1,
    userId: 7,
    subject: 'UCAT',
    packageName: '5-Session Package',
    totalHours: 4.5,
    usedHours: 0,
    reservedHours: 0,
    purchaseDate: '2026-11-22T09:00:00.000Z',
    examDate: '2027-06-01',
    assignedTutor: null,
    tutorCalendarLink: null,
    secondaryTutor: null,
    secondaryTutorCalendarLink: null,
    hasDualTutors: false,
    originalHours: 5,
    overdrawnHours: 0,
    frozenReason: null,
  };

  it('parse with the tutor role for a tutor', () => {
    expect(PackageDtoSchema.parse(pkg)).toEqual(pkg);
    expect(TutorStudentPackageDtoSchema.parse({ ...pkg, tutorRole: 'secondary', studentName: 'Amelia' })).toEqual({
      ...pkg,
      tutorRole: 'secondary',
      studentName: 'Amelia',
    });
    expect(TutorStudentPackageDtoSchema.safeParse({ ...pkg, tutorRole: 'secondary' }).success).toBe(false);
    expect(PackageDtoSchema.safeParse({ ...pkg, usedHours: -0.5 }).success).toBe(false);
  });

  it('lists students by default', () => {
    expect(ListUsersRequestSchema.parse({})).toEqual({ role: 'student' });
  });
});
