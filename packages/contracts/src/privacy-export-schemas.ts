import { z } from './zod.js';
import { ConsentStates } from './consent.js';
import { RoleSchema } from './envelope.js';
import { PendingTestimonialDtoSchema } from './reviews-schemas.js';
import { AdminPaymentDetailSchema } from './refunds.js';
import { BookingDtoSchema } from './bookings-schemas.js';
import { HoursLedgerEntryDtoSchema, PackageDtoSchema, TutorDtoSchema } from './tutoring-schemas.js';
import { PayslipDtoSchema } from './payroll.js';
import { ServiceNames } from './subjects.js';
import { PrivacyExportFormatVersion } from './privacy-export.js';

/* The zod schemas of the export (issue 26); what is in it and what never is: `privacy-export.ts`. */

const at = z.string();

/** An email sent (or being sent) to the account's address: its subject and times, never its body. */
export const ExportedEmailSchema = z.object({
  subject: z.string(),
  queuedAt: at,
  sentAt: at.nullable(),
  /** Set when sending was given up. */
  failedAt: at.nullable(),
});
export type ExportedEmail = z.infer<typeof ExportedEmailSchema>;

/**
 * What a service is asked: the user is the signed actor; the services that match records by address
 * (catalog-payments, tutoring, reviews) also get the account's email; identity and payroll nothing more.
 */
export const PersonalDataByEmailRequestSchema = z.object({ email: z.string().trim().min(1).max(320) });
export type PersonalDataByEmailRequest = z.infer<typeof PersonalDataByEmailRequestSchema>;
export const PersonalDataRequestSchema = z.object({}).optional();

export const IdentityExportSchema = z.object({
  account: z.object({
    id: z.number().int().positive(),
    username: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    phone: z.string().nullable(),
    role: RoleSchema,
    freeTrialUsed: z.boolean(),
    /** YYYY-MM-DD, or null when never given (issue 26). */
    dateOfBirth: z.string().nullable(),
    consentState: z.enum(ConsentStates),
    createdAt: at,
    updatedAt: at,
  }),
  /** The guardian named for a student under 18 and their consent (issue 26); null for others. */
  guardianConsent: z
    .object({ guardianName: z.string(), guardianEmail: z.string(), requestedAt: at, consentedAt: at.nullable() })
    .nullable(),
  /** Consent links emailed to the guardian (never their tokens). */
  guardianConsentLinks: z.array(z.object({ sentAt: at, expiresAt: at, usedAt: at.nullable() })),
  twoFactor: z.object({
    enrolled: z.boolean(),
    enrolledAt: at.nullable(),
    recoveryCodesLeft: z.number().int().nonnegative(),
    /** When an admin reset the second factor (the admin is not named). */
    resets: z.array(z.object({ resetAt: at })),
  }),
  passwordResets: z.array(z.object({ requestedAt: at, expiresAt: at, usedAt: at.nullable() })),
  emailsSent: z.array(ExportedEmailSchema),
});
export type IdentityExport = z.infer<typeof IdentityExportSchema>;

export const ExportedPaymentSchema = AdminPaymentDetailSchema.omit({ settlement: true });
export type ExportedPayment = z.infer<typeof ExportedPaymentSchema>;

export const CatalogPaymentsExportSchema = z.object({
  payments: z.array(ExportedPaymentSchema),
  /** Single-use codes this account spent or holds for a checkout in progress. */
  discountCodes: z.array(
    z.object({
      code: z.string(),
      discountPounds: z.number().int(),
      status: z.enum(['available', 'reserved', 'spent']),
      usedAt: at.nullable(),
      reservedUntil: at.nullable(),
    }),
  ),
  emailsSent: z.array(ExportedEmailSchema),
});
export type CatalogPaymentsExport = z.infer<typeof CatalogPaymentsExportSchema>;

export const ExportedConsultationSchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(['consultation', 'free-trial']),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  subjectInterest: z.string(),
  additionalInfo: z.string().nullable(),
  isParent: z.boolean(),
  createdAt: at,
});
export type ExportedConsultation = z.infer<typeof ExportedConsultationSchema>;

export const TutoringExportSchema = z.object({
  packages: z.array(PackageDtoSchema.extend({ ledger: z.array(HoursLedgerEntryDtoSchema) })),
  /** As a student: booked for this account, or for its email address (a free trial). */
  bookings: z.array(BookingDtoSchema),
  consultations: z.array(ExportedConsultationSchema),
  /** The private calendar feed: whether it is on and since when (its address is a secret, never kept). */
  calendarFeed: z.object({ active: z.boolean(), createdAt: at, revokedAt: at.nullable() }).nullable(),
  /** The copy of the student's name tutoring keeps for tutors' views. */
  studentName: z.string().nullable(),
  /** A tutor's directory entry. */
  tutorProfile: TutorDtoSchema.extend({ loginEmail: z.string().nullable() }).nullable(),
  emailsSent: z.array(ExportedEmailSchema),
});
export type TutoringExport = z.infer<typeof TutoringExportSchema>;

export const ReviewsExportSchema = z.object({
  /** Sent from this account, or signed out with its email address. */
  testimonials: z.array(PendingTestimonialDtoSchema),
  /** Payments reviews knows of, to mark success stories as verified purchases. */
  purchases: z.array(z.object({ paymentId: z.string(), paidAt: at.nullable(), fullyRefunded: z.boolean() })),
  /** The older record of the same: when this account first paid. */
  firstPaidAt: at.nullable(),
});
export type ReviewsExport = z.infer<typeof ReviewsExportSchema>;

/** One line of hours a tutor logged for one of the student's packages in one week. */
export const ExportedLoggedHoursSchema = z.object({
  tutorId: z.number().int().positive(),
  weekStarting: z.string(),
  /** The package (tutoring's session id). */
  sessionId: z.number().int().positive(),
  subject: z.string(),
  hours: z.number(),
});
export type ExportedLoggedHours = z.infer<typeof ExportedLoggedHoursSchema>;

export const PayrollExportSchema = z.object({
  /** Hours logged against this account's packages, and the copy of its name payslip lines show. */
  asStudent: z.object({ loggedHours: z.array(ExportedLoggedHoursSchema), studentName: z.string().nullable() }),
  /** A tutor's account, timesheets (payslips with their history) and weekly logged hours. */
  asTutor: z
    .object({
      tutorId: z.number().int().positive(),
      name: z.string(),
      email: z.string().nullable(),
      payslips: z.array(PayslipDtoSchema),
      loggedWeeks: z.array(z.object({ weekStarting: z.string(), hours: z.number() })),
    })
    .nullable(),
});
export type PayrollExport = z.infer<typeof PayrollExportSchema>;

/** The downloaded file. Sections are keyed by service name, as listed in `export.services`. */
export const PersonalDataExportSchema = z.object({
  export: z.object({
    formatVersion: z.literal(PrivacyExportFormatVersion),
    generatedAt: at,
    userId: z.number().int().positive(),
    services: z.array(z.enum(ServiceNames)),
    dataCategories: z.array(z.object({ category: z.string(), sections: z.array(z.enum(ServiceNames)) })),
    notIncluded: z.array(z.string()),
  }),
  identity: IdentityExportSchema,
  'catalog-payments': CatalogPaymentsExportSchema,
  tutoring: TutoringExportSchema,
  reviews: ReviewsExportSchema,
  payroll: PayrollExportSchema,
});
export type PersonalDataExport = z.infer<typeof PersonalDataExportSchema>;
