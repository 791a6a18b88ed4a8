import { describe, expect, it } from '@jest/globals';
import type { z } from 'zod';
import { QuoteSchema } from './catalog-schemas.js';
import { DiscountCodeDtoSchema } from './discounts-schemas.js';
import { HealthReplySchema } from './envelope.js';
import * as identity from './identity.js';
import * as payments from './payments-schemas.js';
import * as payroll from './payroll.js';
import * as refunds from './refunds.js';
import * as reviews from './reviews-schemas.js';
import * as invitations from './tutor-invitations.js';
import * as tutoring from './tutoring-schemas.js';

const uuid = '9b2f8f0e-4c1e-4f39-9a4e-0d6f8c3b2a11';
const at = '2026-11-22T09:00:00.000Z';
const pkg = {
  id: 1,
  userId: 7,
  subject: 'UCAT',
  packageName: '5-Session Package',
  totalHours: 5,
  usedHours: 1.5,
  reservedHours: 1,
  purchaseDate: at,
  examDate: null,
  assignedTutor: 'Dr Ada',
  tutorCalendarLink: 'https://cal.example/ada',
  secondaryTutor: null,
  secondaryTutorCalendarLink: null,
  hasDualTutors: false,
  originalHours: 5,
  overdrawnHours: 0,
  frozenReason: null,
};
const revenue = {
  currency: 'GBP',
  amountMinor: 1000,
  formattedAmount: '£10.00',
  payments: 1,
  grossMinor: 1500,
  refundedMinor: 500,
};
const settled = {
  currency: 'GBP',
  amountMinor: 900,
  formattedAmount: '£9.00',
  settledPayments: 1,
  unsettledPayments: 0,
};
const adminPayment = {
  paymentId: uuid,
  userId: 7,
  studentName: 'Ada',
  studentEmail: 'ada@example.com',
  subject: 'UCAT',
  packageType: 'package5',
  packageName: '5-Session Package',
  hours: 5,
  currency: 'GBP',
  amount: 19000,
  formattedAmount: '£190.00',
  discountCode: null,
  status: 'partially_refunded',
  refundedAmount: 100,
  formattedRefundedAmount: '£1.00',
  refundableAmount: 18900,
  provider: 'stripe',
  providerReference: 'pi_1',
  createdAt: at,
  paidAt: at,
};
const payslip = {
  id: 3,
  tutorId: 2,
  tutorName: 'Dr Ada',
  tutorEmail: null,
  weekStarting: '2026-11-23',
  hoursWorked: 7.5,
  studentNotes: null,
  additionalNotes: 'late',
  status: 'submitted',
  createdAt: at,
  updatedAt: at,
  history: [{ fromStatus: null, toStatus: 'draft', changedByUserId: 9, changedByRole: 'tutor', changedAt: at }],
};
const ledgerEntry = {
  id: 1,
  sessionId: 1,
  kind: 'refund',
  deltaHours: 0,
  usedHoursAfter: 1.5,
  totalDeltaHours: -2,
  totalHoursAfter: 3,
  reason: 'Refund',
  actorRole: 'system',
  actorName: null,
  createdAt: at,
};
const tutor = {
  id: 4,
  name: 'Dr Ada',
  specialty: 'Interviews',
  qualifications: 'MBBS',
  photoUrl: null,
  calendarLink: 'https://cal.example/ada',
  subjects: ['UCAT'],
  active: true,
  userId: null,
};

/** A sample of every payload the services exchange: each parses to itself, every field kept. */
const samples: [string, z.ZodType, unknown][] = [
  [
    'quote',
    QuoteSchema,
    {
      subject: 'UCAT',
      packageType: 'package5',
      packageName: '5-Session Package',
      hours: 5,
      currency: 'GBP',
      amountMinor: 19000,
      originalAmountMinor: 19000,
      discountMinor: 0,
      formattedPrice: '£190.00',
      formattedOriginalPrice: '£190.00',
    },
  ],
  ['discount code', DiscountCodeDtoSchema, { code: 'ABCD2345', discountPrice: 30 }],
  ['health ok', HealthReplySchema, { service: 'identity', status: 'ok', checks: { db: 'ok' } }],
  ['get user', identity.GetUserRequestSchema, { userId: 7 }],
  ['reset accepted', identity.RequestPasswordResetReplySchema, { accepted: true }],
  ['reset reply', identity.ResetPasswordReplySchema, { userId: 7 }],
  ['reset requested', identity.PasswordResetRequestedV1Schema, { userId: 7, expiresAt: at }],
  ['totp status', identity.TotpStatusReplySchema, { enabled: false, required: false }],
  [
    'totp setup',
    identity.TotpSetupReplySchema,
    { secret: 'S', otpauthUrl: 'otpauth://totp/x', qrCodeDataUrl: 'data:' },
  ],
  ['totp enable', identity.TotpEnableReplySchema, { recoveryCodes: ['abcde-fghij'] }],
  ['user id', identity.UserIdRequestSchema, { userId: 7 }],
  ['session validity', identity.SessionValidityReplySchema, { sessionsValidAfter: at }],
  ['session validity, deactivated', identity.SessionValidityReplySchema, { sessionsValidAfter: at, deactivated: true }],
  ['totp verify', identity.TotpVerifyRequestSchema, { userId: 7, code: '123456' }],
  ['totp enable request', identity.TotpEnableRequestSchema, { userId: 7, code: '123456' }],
  [
    'payment',
    payments.PaymentDtoSchema,
    {
      paymentId: uuid,
      status: 'succeeded',
      provider: 'demo',
      subject: 'UCAT',
      packageName: 'Single Session',
      hours: 1,
      currency: 'JPY',
      amount: 7600,
      formattedPrice: '¥7600',
      discountCode: null,
      createdAt: at,
      paidAt: null,
    },
  ],
  ['get payment', payments.GetPaymentRequestSchema, { paymentId: uuid }],
  ['demo reply', payments.DemoConfirmReplySchema, { status: 'failed', message: 'Your card was declined.' }],
  ['webhook', payments.ProviderWebhookRequestSchema, { rawBodyBase64: 'e30=', signature: 't=1,v1=x' }],
  ['webhook reply', payments.ProviderWebhookReplySchema, { received: true }],
  [
    'revenue week',
    payments.RevenueWeekSchema,
    { weekStarting: '2026-11-23', payments: 1, totals: [revenue], settledGbp: settled },
  ],
  ['revenue', payments.RevenueByWeekDtoSchema, { weeks: [], totals: [revenue], settledGbp: settled }],
  ['admin payments page', refunds.AdminPaymentsPageSchema, { items: [adminPayment], total: 1, page: 1, pageSize: 20 }],
  [
    'admin payment detail',
    refunds.AdminPaymentDetailSchema,
    {
      ...adminPayment,
      failureReason: null,
      refunds: [
        {
          id: uuid,
          providerRefundId: 're_1',
          amount: 100,
          formattedAmount: '£1.00',
          status: 'succeeded',
          reason: 'r',
          requestedBy: 9,
          createdAt: at,
        },
      ],
      disputes: [
        {
          id: 'dp_1',
          status: 'won',
          amount: 19000,
          formattedAmount: '£190.00',
          reason: null,
          openedAt: at,
          closedAt: at,
        },
      ],
      settlement: { currency: 'GBP', amount: 18000, formattedAmount: '£180.00', exchangeRate: null },
    },
  ],
  ['admin payment id', refunds.AdminPaymentIdSchema, { paymentId: uuid }],
  ['payslip', payroll.PayslipDtoSchema, payslip],
  [
    'payslip week',
    payroll.PayslipWeekDtoSchema,
    { weekStarting: '2026-11-23', loggedHours: 2, loggedStudentNotes: null, payslip },
  ],
  ['payslip id', payroll.PayslipIdRequestSchema, { id: 3 }],
  ['payslip deleted', payroll.DeletePayslipReplySchema, { deleted: true }],
  [
    'payslip event',
    payroll.PayslipStatusChangedV1Schema,
    {
      payslipId: 3,
      tutorId: 2,
      weekStarting: '2026-11-23',
      hoursWorked: 7.5,
      fromStatus: 'draft',
      toStatus: 'submitted',
      changedByUserId: 9,
    },
  ],
  [
    'public testimonial',
    reviews.PublicTestimonialDtoSchema,
    { id: 1, name: 'S.J.', title: 'Great', content: 'Story', rating: 5, verifiedPurchase: true },
  ],
  [
    'pending testimonial',
    reviews.PendingTestimonialDtoSchema,
    {
      id: 1,
      name: 'Sarah Jones',
      title: 'Great',
      content: 'Story',
      rating: 4,
      email: 's@example.com',
      isApproved: false,
      verifiedPurchase: false,
      createdAt: at,
    },
  ],
  ['testimonial submitted reply', reviews.SubmitTestimonialReplySchema, { id: 1 }],
  ['testimonial deleted', reviews.DeleteTestimonialReplySchema, { deleted: true }],
  ['testimonial submitted', reviews.TestimonialSubmittedV1Schema, { testimonialId: 1, rating: 5 }],
  ['testimonial approved', reviews.TestimonialApprovedV1Schema, { testimonialId: 1, approvedBy: 9 }],
  [
    'published testimonials changed',
    reviews.PublishedTestimonialsChangedV1Schema,
    { cause: 'purchase_changed', testimonialIds: [1, 2] },
  ],
  [
    'invite reply',
    invitations.InviteTutorReplySchema,
    { userId: 8, tutorId: 4, email: 'ada@example.com', inviteExpiresAt: at },
  ],
  [
    'tutor invited',
    invitations.TutorInvitedV1Schema,
    { userId: 8, tutorId: 4, email: 'ada@example.com', firstName: 'Ada', lastName: 'Tutor', invitedBy: 9 },
  ],
  ['ledger entry', tutoring.HoursLedgerEntryDtoSchema, ledgerEntry],
  ['consultation reply', tutoring.ConsultationReplySchema, { message: 'ok' }],
  ['free trial reply', tutoring.CheckFreeTrialReplySchema, { hasUsedFreeTrial: true }],
  [
    'admin user',
    tutoring.AdminUserWithPackagesDtoSchema,
    {
      id: 7,
      username: 'sam',
      email: 's@example.com',
      firstName: null,
      lastName: null,
      phone: null,
      freeTrialUsed: false,
      role: 'student',
      isAdmin: false,
      consent: { state: 'consent_given', consentGivenAt: at },
      sessions: [{ ...pkg, tutorDeactivated: true }],
    },
  ],
  ['session id', tutoring.PackageIdRequestSchema, { sessionId: 1 }],
  ['tutor id', tutoring.TutorIdRequestSchema, { tutorId: 4 }],
  ['sessions for users', tutoring.PackagesForUsersRequestSchema, { userIds: [7, 8] }],
  [
    'free trial requested',
    tutoring.FreeTrialRequestedV1Schema,
    {
      consultationId: 1,
      email: 's@example.com',
      phone: '0123456789',
      firstName: 'Sam',
      lastName: 'Lee',
      subjectInterest: 'FREE TRIAL - UCAT',
    },
  ],
  ['tutor changed', tutoring.TutorChangedV1Schema, { tutorId: 4, active: true, userId: null, version: 1 }],
  [
    'tutor status change',
    tutoring.TutorStatusChangeReplySchema,
    {
      tutor: {
        id: 4,
        name: 'Dr Ada',
        specialty: 'Interviews',
        qualifications: '',
        photoUrl: null,
        calendarLink: 'https://cal.example/ada',
        subjects: [],
        active: false,
        userId: 8,
      },
      change: { tutorId: 4, active: false, userId: 8, version: 3 },
    },
  ],
  ['tutor change recorded', tutoring.RecordTutorChangeReplySchema, { userId: null }],
  [
    'hours used',
    tutoring.HoursUsedV1Schema,
    {
      sessionId: 1,
      ledgerEntryId: 2,
      userId: 7,
      subject: 'UCAT',
      packageName: '5-Session Package',
      hours: 1.5,
      usedHoursAfter: 1.5,
      totalHours: 5,
      date: '2026-11-23',
      tutorId: 4,
      tutorName: 'Dr Ada',
      tutorUserId: 8,
      actorRole: 'tutor',
      reason: 'Session',
    },
  ],
];

describe('every payload parses to itself', () => {
  it.each(samples)('%s', (_name, schema, sample) => {
    expect(schema.parse(sample)).toEqual(sample);
  });
});

describe('enumerations of the payloads', () => {
  it.each([
    [tutoring.HoursLedgerEntryDtoSchema, ledgerEntry, 'actorRole', ['student', 'tutor', 'admin', 'system']],
    [tutoring.HoursUsedV1Schema, samples.at(-1)![2], 'actorRole', ['student', 'tutor', 'admin']],
    [
      tutoring.AdminUserWithPackagesDtoSchema,
      samples.find(([name]) => name === 'admin user')![2],
      'role',
      ['student', 'tutor', 'admin'],
    ],
    [
      tutoring.TutorStudentPackageDtoSchema,
      { ...pkg, tutorRole: 'primary', studentName: null },
      'tutorRole',
      ['primary', 'secondary'],
    ],
    [payroll.PayslipStatusChangeDtoSchema, payslip.history[0], 'changedByRole', ['tutor', 'admin']],
    [
      payments.DemoConfirmBodySchema,
      { paymentId: uuid, clientSecret: 's', cardNumber: '4242424242424242' },
      'authentication',
      ['approve', 'fail'],
    ],
  ] as [z.ZodType, object, string, string[]][])(
    '%#: each value of the field parses, others do not',
    (schema, sample, field, values) => {
      for (const value of values) expect(schema.parse({ ...sample, [field]: value })).toMatchObject({ [field]: value });
      expect(schema.safeParse({ ...sample, [field]: 'other' }).success).toBe(false);
    },
  );

  it('hands the public only the public fields of a tutor', () => {
    expect(tutoring.PublicTutorDtoSchema.parse(tutor)).toEqual({
      id: 4,
      name: 'Dr Ada',
      specialty: 'Interviews',
      qualifications: 'MBBS',
      photoUrl: null,
      subjects: ['UCAT'],
    });
  });

  it('lists students only, and bounds a sessions request', () => {
    expect(tutoring.ListUsersRequestSchema.parse({ role: 'student' })).toEqual({ role: 'student' });
    expect(tutoring.ListUsersRequestSchema.safeParse({ role: 'tutor' }).success).toBe(false);
    expect(tutoring.PackagesForUsersRequestSchema.safeParse({ userIds: Array(10_001).fill(1) }).success).toBe(false);
    expect(payments.SettledRevenueSchema.safeParse({ ...settled, currency: 'USD' }).success).toBe(false);
  });
});
