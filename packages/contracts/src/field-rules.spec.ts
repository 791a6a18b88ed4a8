import { describe, expect, it } from '@jest/globals';
import type { z } from 'zod';
import { ForgotPasswordBodySchema, RegisterBodySchema, ResetPasswordBodySchema } from './identity.js';
import { ValidationMessages as M } from './messages.js';
import { CreatePaymentIntentBodySchema, DemoConfirmBodySchema } from './payments-schemas.js';
import { SavePayslipBodySchema } from './payroll.js';
import { AdminPaymentsQuerySchema, RefundBodySchema } from './refunds.js';
import { SubmitTestimonialBodySchema } from './reviews-schemas.js';
import { InviteTutorBodySchema } from './tutor-invitations.js';
import { TutorDirectoryMessages } from './tutoring.js';
import {
  AssignTutorBodySchema,
  CheckFreeTrialBodySchema,
  ConsultationBodySchema,
  CreateTutorBodySchema,
  DeliveredSessionBodySchema,
  ExamDateBodySchema,
  FreeTrialBodySchema,
  UpdateTutorBodySchema,
  UsageBodySchema,
} from './tutoring-schemas.js';

const link = 'https://cal.example/ada';
const uuid = '9b2f8f0e-4c1e-4f39-9a4e-0d6f8c3b2a11';
const consultation = { firstName: 'Sam', lastName: 'Lee', phone: '0123456789', subjectInterest: 'UCAT' };
const tutor = { name: 'Dr Ada', specialty: 'Interviews', calendarLink: link };
const testimonial = { name: 'Sarah Jones', title: 'Great', content: 'Story', email: 's@example.com' };
const register = { username: 'sam', email: 's@example.com', password: 'secret' };
const invite = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Tutor', tutorId: 4 };

const messagesAt = (schema: z.ZodType, body: unknown, field: string) =>
  (schema.safeParse(body).error?.issues ?? []).filter((issue) => issue.path[0] === field).map((i) => i.message);

/** [schema, valid body, field, the label its control-character message names] */
const labels: [z.ZodType, Record<string, unknown>, string, string][] = [
  [RegisterBodySchema, register, 'username', 'Username'],
  [RegisterBodySchema, register, 'email', 'Email'],
  [RegisterBodySchema, register, 'password', 'Password'],
  [RegisterBodySchema, register, 'firstName', 'First name'],
  [RegisterBodySchema, register, 'lastName', 'Last name'],
  [RegisterBodySchema, register, 'phone', 'Phone'],
  [ResetPasswordBodySchema, { token: 't', password: 'secret', confirmPassword: 'secret' }, 'token', 'Reset token'],
  [
    ResetPasswordBodySchema,
    { token: 't', password: 'secret', confirmPassword: 'secret' },
    'confirmPassword',
    'Password confirmation',
  ],
  [CreatePaymentIntentBodySchema, { subject: 'UCAT' }, 'discountCode', 'Discount code'],
  [
    DemoConfirmBodySchema,
    { paymentId: uuid, clientSecret: 's', cardNumber: '4242424242424242' },
    'paymentId',
    'Payment',
  ],
  [
    DemoConfirmBodySchema,
    { paymentId: uuid, clientSecret: 's', cardNumber: '4242424242424242' },
    'clientSecret',
    'Client secret',
  ],
  [
    DemoConfirmBodySchema,
    { paymentId: uuid, clientSecret: 's', cardNumber: '4242424242424242' },
    'cardNumber',
    'Card number',
  ],
  [AdminPaymentsQuerySchema, {}, 'q', 'Search'],
  [RefundBodySchema, { reason: 'r' }, 'reason', 'Reason'],
  [ExamDateBodySchema, { examDate: '2027-06-01' }, 'examDate', 'Date'],
  [UsageBodySchema, { usedHours: '1' }, 'usedHours', 'Used hours'],
  [UsageBodySchema, { usedHours: 1 }, 'reason', 'Reason'],
  [AssignTutorBodySchema, { tutorName: 'Dr Ada', calendarLink: link }, 'tutorName', 'Tutor'],
  [AssignTutorBodySchema, { tutorName: 'Dr Ada', calendarLink: link }, 'calendarLink', 'Calendar link'],
  [ConsultationBodySchema, consultation, 'firstName', 'First name'],
  [ConsultationBodySchema, consultation, 'lastName', 'Last name'],
  [ConsultationBodySchema, consultation, 'email', 'Email'],
  [ConsultationBodySchema, consultation, 'phone', 'Phone'],
  [ConsultationBodySchema, consultation, 'subjectInterest', 'Subject'],
  [ConsultationBodySchema, consultation, 'additionalInfo', 'Additional information'],
  [FreeTrialBodySchema, { ...consultation, email: 's@example.com' }, 'email', 'Email'],
  [FreeTrialBodySchema, { ...consultation, email: 's@example.com' }, 'phone', 'Phone'],
  [CheckFreeTrialBodySchema, {}, 'email', 'Email'],
  [CheckFreeTrialBodySchema, {}, 'phone', 'Phone'],
  [CreateTutorBodySchema, tutor, 'name', 'Name'],
  [CreateTutorBodySchema, tutor, 'specialty', 'Specialty'],
  [CreateTutorBodySchema, tutor, 'qualifications', 'Qualifications'],
  [CreateTutorBodySchema, tutor, 'photoUrl', 'Photo URL'],
  [UpdateTutorBodySchema, {}, 'qualifications', 'Qualifications'],
  [DeliveredSessionBodySchema, { date: '2027-06-01', durationHours: 1 }, 'notes', 'Notes'],
  [SavePayslipBodySchema, { weekStarting: '2026-11-23', hoursWorked: 1 }, 'weekStarting', 'Week starting'],
  [SavePayslipBodySchema, { weekStarting: '2026-11-23', hoursWorked: 1 }, 'studentNotes', 'Notes'],
  [SubmitTestimonialBodySchema, testimonial, 'name', 'Name'],
  [SubmitTestimonialBodySchema, testimonial, 'title', 'Title'],
  [SubmitTestimonialBodySchema, testimonial, 'content', 'Story'],
  [SubmitTestimonialBodySchema, testimonial, 'email', 'Email'],
  [InviteTutorBodySchema, invite, 'email', 'Email'],
  [InviteTutorBodySchema, invite, 'firstName', 'First name'],
  [InviteTutorBodySchema, invite, 'lastName', 'Last name'],
];

describe('a control character is refused in the field’s own words', () => {
  it.each(labels)('%#: %s', (schema, valid, field, label) => {
    expect(messagesAt(schema, { ...valid, [field]: 'ab\u0000cd' }, field)).toContain(M.controlCharacters(label));
  });
});

/** [schema, valid body, field, the message when the field is missing or not text] */
const missing: [z.ZodType, Record<string, unknown>, string, string][] = [
  [AssignTutorBodySchema, { tutorName: 'Dr Ada', calendarLink: link }, 'tutorName', M.tutorRequired],
  [AssignTutorBodySchema, { tutorName: 'Dr Ada', calendarLink: link }, 'calendarLink', M.urlInvalid],
  [ConsultationBodySchema, consultation, 'firstName', M.firstNameMin],
  [ConsultationBodySchema, consultation, 'phone', M.phoneInvalid],
  [ConsultationBodySchema, consultation, 'subjectInterest', M.subjectRequired],
  [FreeTrialBodySchema, { ...consultation, email: 's@example.com' }, 'phone', M.phoneInvalid],
  [CreateTutorBodySchema, tutor, 'name', TutorDirectoryMessages.nameRequired],
  [CreateTutorBodySchema, tutor, 'specialty', TutorDirectoryMessages.specialtyRequired],
  [SubmitTestimonialBodySchema, testimonial, 'name', M.nameMin],
  [SubmitTestimonialBodySchema, testimonial, 'title', M.titleMin],
  [SubmitTestimonialBodySchema, testimonial, 'content', M.experienceRequired],
  [SubmitTestimonialBodySchema, testimonial, 'email', M.emailInvalid],
  [InviteTutorBodySchema, invite, 'email', M.emailRequired],
  [InviteTutorBodySchema, invite, 'firstName', M.firstNameMin],
  [SavePayslipBodySchema, { weekStarting: '2026-11-23', hoursWorked: 1 }, 'weekStarting', M.weekStartingRequired],
];

describe('a missing field is named in the spec’s words', () => {
  it.each(missing)('%#: %s', (schema, valid, field, message) => {
    expect(messagesAt(schema, { ...valid, [field]: undefined }, field)).toEqual([message]);
  });

  it('a photo that is not text is an invalid URL', () => {
    expect(messagesAt(CreateTutorBodySchema, { ...tutor, photoUrl: 42 }, 'photoUrl')).toEqual([M.urlInvalid]);
  });
});

describe('text fields are trimmed', () => {
  it.each([
    [
      AssignTutorBodySchema,
      { tutorName: ' Dr Ada ', calendarLink: ` ${link} ` },
      { tutorName: 'Dr Ada', calendarLink: link },
    ],
    [
      ConsultationBodySchema,
      { ...consultation, email: ' s@example.com ', phone: ' 0123456789 ', additionalInfo: ' a\nb ' },
      { email: 's@example.com', phone: '0123456789', additionalInfo: 'a\nb' },
    ],
    [
      FreeTrialBodySchema,
      { ...consultation, email: ' s@example.com ', phone: ' 0123456789 ' },
      { email: 's@example.com', phone: '0123456789' },
    ],
    [CheckFreeTrialBodySchema, { phone: ' 0123456789 ' }, { phone: '0123456789' }],
    [
      CreateTutorBodySchema,
      {
        ...tutor,
        name: ' Dr Ada ',
        specialty: ' Interviews ',
        qualifications: ' MBBS ',
        photoUrl: ' https://img.example/a.png ',
      },
      { name: 'Dr Ada', specialty: 'Interviews', qualifications: 'MBBS', photoUrl: 'https://img.example/a.png' },
    ],
    [UpdateTutorBodySchema, { qualifications: ' MBBS ' }, { qualifications: 'MBBS' }],
    [SubmitTestimonialBodySchema, { ...testimonial, email: ' s@example.com ' }, { email: 's@example.com' }],
    [
      SavePayslipBodySchema,
      { weekStarting: ' 2026-11-23 ', hoursWorked: 1, studentNotes: ' a ' },
      { weekStarting: '2026-11-23', studentNotes: 'a' },
    ],
    [ForgotPasswordBodySchema, { email: ' s@example.com ' }, { email: 's@example.com' }],
  ] as [z.ZodType, object, object][])('%#', (schema, body, expected) => {
    expect(schema.parse(body)).toMatchObject(expected);
  });
});

describe('web links', () => {
  it.each(['http://cal.example/ada', 'https://cal.example/ada'])('accepts %s', (url) => {
    expect(AssignTutorBodySchema.parse({ tutorName: 'T', calendarLink: url }).calendarLink).toBe(url);
    expect(CreateTutorBodySchema.parse({ ...tutor, photoUrl: url }).photoUrl).toBe(url);
  });

  it.each(['xhttp://cal.example/ada', 'httpx://cal.example/ada', 'httpsx://cal.example/ada'])('refuses %s', (url) => {
    expect(messagesAt(AssignTutorBodySchema, { tutorName: 'T', calendarLink: url }, 'calendarLink')).toEqual([
      M.urlInvalid,
    ]);
    expect(messagesAt(CreateTutorBodySchema, { ...tutor, photoUrl: url }, 'photoUrl')).toEqual([M.urlInvalid]);
  });
});

describe('numbers and dates typed as text', () => {
  it('reads used hours of several digits', () => {
    expect(UsageBodySchema.parse({ usedHours: '10.25' })).toEqual({ usedHours: 10.25 });
  });

  it('refuses a date with text around it by its format as well as by the calendar', () => {
    for (const examDate of ['x2027-06-01', '2027-06-01x']) {
      expect(messagesAt(ExamDateBodySchema, { examDate }, 'examDate')).toHaveLength(2);
    }
  });

  it('refuses a week with text around it once, by its format', () => {
    for (const weekStarting of ['x2026-11-23', '2026-11-23x', '2026-1-23']) {
      expect(messagesAt(SavePayslipBodySchema, { weekStarting, hoursWorked: 1 }, 'weekStarting')).toEqual([
        'Please enter a valid date',
      ]);
    }
  });

  it('keeps the date range filter open-ended', () => {
    expect(AdminPaymentsQuerySchema.parse({ from: '2026-11-30' })).toMatchObject({ from: '2026-11-30' });
    expect(AdminPaymentsQuerySchema.parse({ to: '2026-11-01' })).toMatchObject({ to: '2026-11-01' });
  });
});
