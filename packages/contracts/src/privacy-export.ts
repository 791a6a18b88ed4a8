import { z } from './zod.js';
import { RoleSchema } from './envelope.js';
import { PendingTestimonialDtoSchema } from './reviews-schemas.js';
import { AdminPaymentDetailSchema } from './refunds.js';
import { ServiceNames } from './subjects.js';
import { BookingDtoSchema } from './bookings-schemas.js';
import { HoursLedgerEntryDtoSchema, PackageDtoSchema, TutorDtoSchema } from './tutoring-schemas.js';
import { PayslipDtoSchema } from './payroll.js';

/*
 * Issue 26, part 1: `GET /api/me/export`, the signed-in user's personal data (UK GDPR rights of access
 * and portability). Each service answers `<service>.export_personal_data` with its own section; the
 * gateway puts the five together under a header, or answers 503 when any one fails (never a partial
 * file that looks complete).
 *
 * Who: the user of the signed actor (students, tutors and admins alike export their own data only).
 * Records that are not keyed by a user id (consultation and trial requests, bookings made for a trial
 * request, testimonials sent while signed out, emails sent) are matched by the account's email
 * address, case-insensitively; the gateway reads it from identity's section and passes it on.
 *
 * Never exported, by design of these schemas (the gateway parses every section with them, which
 * strips anything they do not name): password hashes, TOTP secrets and recovery-code hashes, reset,
 * invitation and calendar-feed tokens or their hashes, session ids, payment client secrets, and the
 * bodies of emails (cleared once sent; an unsent one may hold a live reset link).
 */

/** Bumped when a field is renamed or removed; adding a field keeps the version. */
export const PrivacyExportFormatVersion = 1;

/** The file's name as the browser saves it: `medpath-data-<YYYY-MM-DD>.json`. */
export const privacyExportFileName = (generatedAt: Date): string =>
  `medpath-data-${generatedAt.toISOString().slice(0, 10)}.json`;

/**
 * The categories of the privacy policy's "Data We Collect" section, each with the sections that hold
 * it, and what the file cannot hold.
 */
export const PrivacyExportDataCategories = [
  { category: 'Account details (username, name, email address, phone number)', sections: ['identity'] },
  { category: 'Consultation and free-trial requests', sections: ['tutoring'] },
  { category: 'Tutoring packages, hours used and exam dates', sections: ['tutoring', 'payroll'] },
  { category: 'Bookings of tutoring sessions', sections: ['tutoring'] },
  { category: 'Payments, refunds and discount codes', sections: ['catalog-payments'] },
  { category: 'Success stories (testimonials)', sections: ['reviews'] },
  { category: 'Emails we sent you (subject and time)', sections: ['identity', 'catalog-payments', 'tutoring'] },
  { category: 'Timesheets and payslips (tutors)', sections: ['payroll'] },
] as const satisfies ReadonlyArray<{ category: string; sections: readonly (typeof ServiceNames)[number][] }>;

/** Held outside this platform, so not in the file; the header says how to ask for it. */
export const PrivacyExportNotIncluded = [
  'Recordings of tutoring sessions (kept by our video provider for at most 24 months): email support to receive them.',
  'Card details: entered into our payment provider’s form, never stored by us.',
] as const;

/** The route the dashboards download from. */
export const PrivacyExportPath = '/api/me/export';

/** The "Download my data" action on the student dashboard and the tutor portal. */
export const PrivacyExportTexts = {
  heading: 'Your Data',
  description:
    'Download a copy of the personal data we hold about you (your account, packages and hours, bookings, payments, success stories, requests and the emails we sent you) as a JSON file.',
  button: 'Download My Data',
  failedTitle: 'Download failed',
} as const;

export const PrivacyExportMessages = {
  unavailable:
    'Your data export could not be completed because part of the service is unavailable. Please try again in a few minutes.',
} as const;

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
    createdAt: at,
    updatedAt: at,
  }),
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

/** The file's header: what it is, when it was made, for whom, what it holds and what it cannot. */
export const personalDataExportHeader = (userId: number, generatedAt: Date): PersonalDataExport['export'] => ({
  formatVersion: PrivacyExportFormatVersion,
  generatedAt: generatedAt.toISOString(),
  userId,
  services: [...ServiceNames],
  dataCategories: PrivacyExportDataCategories.map(({ category, sections }) => ({ category, sections: [...sections] })),
  notIncluded: [...PrivacyExportNotIncluded],
});
