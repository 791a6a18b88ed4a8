import { describe, expect, it } from '@jest/globals';
import type { z } from 'zod';
import { RegisterBodySchema, LoginBodySchema, ResetPasswordBodySchema, ForgotPasswordBodySchema } from './identity.js';
import { ValidationMessages } from './messages.js';
import { CreatePaymentIntentBodySchema, DemoConfirmBodySchema } from './payments-schemas.js';
import { SavePayslipBodySchema } from './payroll.js';
import { SubmitTestimonialBodySchema } from './reviews-schemas.js';
import { multiLine, singleLine } from './text.js';
import { InviteTutorBodySchema } from './tutor-invitations.js';
import {
  AssignDualTutorsBodySchema,
  AssignTutorBodySchema,
  CheckFreeTrialBodySchema,
  CreateTutorBodySchema,
  DeliveredSessionBodySchema,
  ExamDateBodySchema,
  SubmitConsultationBodySchema,
  UpdateTutorBodySchema,
  UsageBodySchema,
} from './tutoring-schemas.js';

const link = 'https://cal.example/ada';
/** Every request body with text fields, each with a valid example and which of its fields are multi-line. */
const bodies: {
  name: string;
  schema: z.ZodType;
  valid: Record<string, unknown>;
  multiLine?: string[];
  /** Enumerations: refused as unknown values, not as text. */
  notText?: string[];
}[] = [
  {
    name: 'register',
    schema: RegisterBodySchema,
    valid: {
      username: 'sam',
      email: 'sam@example.com',
      password: 'pass-word-1',
      firstName: 'Sam',
      lastName: 'Lee',
      phone: '0123456789',
    },
  },
  { name: 'login', schema: LoginBodySchema, valid: { email: 'sam@example.com', password: 'pass-word-1' } },
  { name: 'forgot-password', schema: ForgotPasswordBodySchema, valid: { email: 'sam@example.com' } },
  {
    name: 'reset-password',
    schema: ResetPasswordBodySchema,
    valid: { token: 'abc', password: 'pass-word-1', confirmPassword: 'pass-word-1' },
  },
  {
    name: 'testimonials',
    schema: SubmitTestimonialBodySchema,
    valid: { name: 'Sam Lee', title: 'Great', content: 'Line one\nline two\twith a tab', email: 'sam@example.com' },
    multiLine: ['content'],
  },
  {
    name: 'consultations',
    schema: SubmitConsultationBodySchema,
    valid: {
      firstName: 'Sam',
      lastName: 'Lee',
      email: 'sam@example.com',
      phone: '0123456789',
      subjectInterest: 'UCAT',
      additionalInfo: 'a\nb',
    },
    multiLine: ['additionalInfo'],
  },
  {
    name: 'free trial',
    schema: SubmitConsultationBodySchema,
    valid: {
      firstName: 'Sam',
      lastName: 'Lee',
      email: 'sam@example.com',
      phone: '0123456789',
      subjectInterest: 'FREE TRIAL - UCAT',
    },
  },
  {
    name: 'check-free-trial',
    schema: CheckFreeTrialBodySchema,
    valid: { email: 'sam@example.com', phone: '0123456789' },
  },
  {
    name: 'create-payment-intent',
    schema: CreatePaymentIntentBodySchema,
    valid: { subject: 'UCAT', discountCode: 'SAVE30' },
    notText: ['subject'],
  },
  {
    name: 'demo confirm',
    schema: DemoConfirmBodySchema,
    valid: {
      paymentId: '9b2f8f0e-4c1e-4f39-9a4e-0d6f8c3b2a11',
      clientSecret: 'pi_1_secret_2',
      cardNumber: '4242424242424242',
    },
  },
  { name: 'assign-tutor', schema: AssignTutorBodySchema, valid: { tutorName: 'Dr Ada', calendarLink: link } },
  {
    name: 'assign-dual-tutors',
    schema: AssignDualTutorsBodySchema,
    valid: { primaryTutor: 'Dr Ada', primaryCalendar: link, secondaryTutor: 'Dr Ben', secondaryCalendar: link },
  },
  { name: 'exam-date', schema: ExamDateBodySchema, valid: { examDate: '2027-06-01' } },
  {
    name: 'usage',
    schema: UsageBodySchema,
    valid: { usedHours: '1.5', reason: 'Missed\nsession' },
    multiLine: ['reason'],
  },
  {
    name: 'create tutor',
    schema: CreateTutorBodySchema,
    valid: { name: 'Dr Ada', specialty: 'Interviews', qualifications: 'MBBS\nPhD', photoUrl: link, calendarLink: link },
    multiLine: ['qualifications'],
  },
  {
    name: 'update tutor',
    schema: UpdateTutorBodySchema,
    valid: { name: 'Dr Ada', specialty: 'Interviews', qualifications: 'MBBS', photoUrl: link, calendarLink: link },
    multiLine: ['qualifications'],
  },
  {
    name: 'delivered session',
    schema: DeliveredSessionBodySchema,
    valid: { date: '2027-06-01', durationHours: 1, notes: 'Went\nwell' },
    multiLine: ['notes'],
  },
  {
    name: 'save payslip',
    schema: SavePayslipBodySchema,
    valid: { weekStarting: '2027-06-07', hoursWorked: 3, studentNotes: 'a\nb', additionalNotes: 'c' },
    multiLine: ['studentNotes', 'additionalNotes'],
  },
  {
    name: 'invite tutor',
    schema: InviteTutorBodySchema,
    valid: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Tutor', tutorId: 1 },
  },
];

const controlMessage = /must not contain control characters$/;
const issuesAt = (schema: z.ZodType, body: unknown, field: string) =>
  (schema.safeParse(body).error?.issues ?? []).filter((issue) => issue.path.join('.') === field);

describe('text fields of every request body', () => {
  it.each(bodies)('$name: the valid example parses', ({ schema, valid }) => {
    expect(schema.safeParse(valid).success).toBe(true);
  });

  const stringFields = bodies.flatMap(({ name, schema, valid, multiLine: multi = [], notText = [] }) =>
    Object.entries(valid)
      .filter(([field, value]) => typeof value === 'string' && !notText.includes(field))
      .map(([field, value]) => ({ name, schema, valid, field, value: value as string, multi: multi.includes(field) })),
  );

  it.each(stringFields)(
    '$name.$field refuses NUL with a message naming the field',
    ({ schema, valid, field, value }) => {
      for (const bad of [`${value}\u0000`, `\u0000${value}`, `${value.slice(0, 1)}\u0000${value.slice(1)}`]) {
        const issues = issuesAt(schema, { ...valid, [field]: bad }, field);
        expect(issues.map((issue) => issue.message)).toEqual(
          expect.arrayContaining([expect.stringMatching(controlMessage)]),
        );
      }
    },
  );

  it.each(stringFields)(
    '$name.$field: line breaks and control characters per its kind',
    ({ schema, valid, field, value, multi }) => {
      for (const control of ['\n', '\r', '\t', '\u0007', '\u001b', '\u007f', '\u0085', '\u2028']) {
        // Inside the value: trimming cannot remove it.
        const bad = `${value.slice(0, 1)}${control}${value.slice(1)}`;
        const refused = issuesAt(schema, { ...valid, [field]: bad }, field).some((issue) =>
          controlMessage.test(issue.message),
        );
        const multiLineKeeps = multi && ['\n', '\r', '\t', '\u2028'].includes(control);
        expect({ control, refused }).toEqual({ control, refused: !multiLineKeeps });
      }
    },
  );
});

describe('singleLine / multiLine', () => {
  it('name the field in the message', () => {
    expect(singleLine('First name').safeParse('Sa\nm').error?.issues[0]?.message).toBe(
      ValidationMessages.controlCharacters('First name'),
    );
    expect(ValidationMessages.controlCharacters('First name')).toBe('First name must not contain control characters');
    expect(multiLine('Story').safeParse('a\u0000').error?.issues[0]?.message).toBe(
      'Story must not contain control characters',
    );
  });

  it('accept ordinary text, accents and emoji', () => {
    expect(singleLine('Name').parse('Zoë O’Brien-Łukasz 😀')).toBe('Zoë O’Brien-Łukasz 😀');
    expect(multiLine('Story').parse('Line 1\r\nLine 2\tTabbed')).toBe('Line 1\r\nLine 2\tTabbed');
  });
});
