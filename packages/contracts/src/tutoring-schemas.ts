import { z } from './zod.js';
import { CatalogSubjects } from './catalog.js';
import { Limits } from './limits.js';
import { ValidationMessages as M } from './messages.js';
import { multiLine, singleLine } from './text.js';
import { StudentConsentDtoSchema } from './consent-schemas.js';
import {
  ConsultationSubjects,
  isFreeTrialRequest,
  LedgerEntryKinds,
  SessionDurationsHours,
  TutorDirectoryMessages,
  TutoringMessages,
} from './tutoring.js';

/**
 * A numeric id in a URL path (`/api/sessions/{id}/...`): digits only, within PostgreSQL's integer,
 * so '1e3', ' 7' or '0x10' name nothing instead of being coerced into some other row's id.
 */
export const PathIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .pipe(z.number().int().max(2_147_483_647));

/** A calendar date without a time: exam dates are days, not instants. */
export const CalendarDateSchema = singleLine('Date', { error: M.examDateRequired })
  .trim()
  .min(1, M.examDateRequired)
  .regex(/^\d{4}-\d{2}-\d{2}$/, TutoringMessages.examDateInvalid)
  // Date.parse rolls 2027-02-30 over to March; a real day survives the round trip unchanged.
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
  }, TutoringMessages.examDateInvalid);

/** user_sessions (docs/product.md §3), as the student and the admin see a package. */
export const PackageDtoSchema = z.object({
  id: z.number().int().positive(),
  userId: z.number().int().positive(),
  subject: z.enum(CatalogSubjects),
  packageName: z.string(),
  totalHours: z.number().nonnegative(),
  usedHours: z.number().nonnegative(),
  /** Hours held by upcoming bookings (issue 25): free to book = totalHours − usedHours − reservedHours. */
  reservedHours: z.number().nonnegative(),
  purchaseDate: z.string().datetime(),
  examDate: z.string().nullable(),
  assignedTutor: z.string().nullable(),
  tutorCalendarLink: z.string().nullable(),
  secondaryTutor: z.string().nullable(),
  secondaryTutorCalendarLink: z.string().nullable(),
  hasDualTutors: z.boolean(),
  /** The hours the payment bought; totalHours is this less what refunds took back. */
  originalHours: z.number().nonnegative(),
  /** Hours refunds or a lost dispute wanted back but were already used (issue 16): admins settle them. */
  overdrawnHours: z.number().nonnegative(),
  /** Set while the package is on hold (an open payment dispute): no booking, no session logged. */
  frozenReason: z.string().nullable(),
});
export type PackageDto = z.infer<typeof PackageDtoSchema>;

/** One change of a package's hours: who, when, how much and why. */
export const HoursLedgerEntryDtoSchema = z.object({
  id: z.number().int().positive(),
  sessionId: z.number().int().positive(),
  kind: z.enum(LedgerEntryKinds),
  /** Used hours: positive when hours were used, negative when given back. */
  deltaHours: z.number(),
  usedHoursAfter: z.number().nonnegative(),
  /** Total hours: negative when a refund took hours back, else 0. */
  totalDeltaHours: z.number(),
  totalHoursAfter: z.number().nonnegative(),
  reason: z.string(),
  actorRole: z.enum(['student', 'tutor', 'admin', 'system']),
  actorName: z.string().nullable(),
  createdAt: z.string().datetime(),
});
export type HoursLedgerEntryDto = z.infer<typeof HoursLedgerEntryDtoSchema>;

/** PATCH /api/sessions/{id}/exam-date (student) and /api/user/sessions/{id}/exam-date (admin). */
export const ExamDateBodySchema = z.object({ examDate: CalendarDateSchema });
export type ExamDateBody = z.input<typeof ExamDateBodySchema>;

const notANumber = { error: TutoringMessages.hoursNotANumber };
const numericText = singleLine('Used hours')
  .trim()
  .regex(/^-?\d+(\.\d+)?$/, notANumber);

/**
 * PATCH /api/user/sessions/{id}/usage (admin). Only the shape is checked here: the range 0..total and
 * the 0.5 step are checked by tutoring, which knows the total and answers 400 with
 * ValidationMessages.hoursRange(total) for either. A blank value is not a number (never 0).
 */
export const UsageBodySchema = z.object({
  usedHours: z.union([z.number(), numericText], notANumber).transform(Number).pipe(z.number(notANumber)),
  reason: multiLine('Reason').trim().max(500).optional(),
});
export type UsageBody = z.input<typeof UsageBodySchema>;

const calendarLink = singleLine('Calendar link', { error: M.urlInvalid })
  .trim()
  .pipe(z.url({ error: M.urlInvalid, protocol: /^https?$/ }));
const tutorName = singleLine('Tutor', { error: M.tutorRequired }).trim().min(1, M.tutorRequired).max(Limits.nameMax);

/** PATCH /api/admin/sessions/{id}/assign-tutor */
export const AssignTutorBodySchema = z.object({ tutorName, calendarLink });
export type AssignTutorBody = z.input<typeof AssignTutorBodySchema>;

/** PATCH /api/admin/sessions/{id}/assign-dual-tutors */
export const AssignDualTutorsBodySchema = z.object({
  primaryTutor: tutorName,
  primaryCalendar: calendarLink,
  secondaryTutor: tutorName,
  secondaryCalendar: calendarLink,
});
export type AssignDualTutorsBody = z.input<typeof AssignDualTutorsBodySchema>;

const personName = (field: string, message: string) =>
  singleLine(field, { error: message }).trim().min(2, message).max(Limits.nameMax);
const optionalEmail = singleLine('Email')
  .trim()
  .max(Limits.emailMax, M.emailInvalid)
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.email({ error: M.emailInvalid }).optional());

/** POST /api/consultations from the home page's contact form (docs/product.md §5). */
export const ConsultationBodySchema = z.object({
  firstName: personName('First name', M.firstNameMin),
  lastName: personName('Last name', M.lastNameMin),
  email: optionalEmail,
  phone: singleLine('Phone', { error: M.phoneInvalid })
    .trim()
    .min(5, M.phoneInvalid)
    .max(Limits.phoneMax, M.phoneInvalid),
  subjectInterest: singleLine('Subject', { error: M.subjectRequired }).trim().min(1, M.subjectRequired).max(200),
  additionalInfo: multiLine('Additional information').trim().max(2000).optional(),
  isParent: z.boolean().default(false),
});
export type ConsultationBody = z.input<typeof ConsultationBodySchema>;

/** The /contact free-trial form: email required, phone at least 10 characters (docs/product.md §5). */
export const FreeTrialBodySchema = ConsultationBodySchema.extend({
  email: singleLine('Email', { error: M.emailInvalid })
    .trim()
    .max(Limits.emailMax, M.emailInvalid)
    .pipe(z.email({ error: M.emailInvalid })),
  phone: singleLine('Phone', { error: M.phoneInvalid })
    .trim()
    .min(10, M.phoneInvalid)
    .max(Limits.phoneMax, M.phoneInvalid),
});
export type FreeTrialBody = z.input<typeof FreeTrialBodySchema>;

/**
 * POST /api/consultations: one path for both forms (docs/product.md §7). The 'FREE TRIAL - ' prefix of
 * subjectInterest selects the free-trial rules; any other subject gets the home form's.
 */
export const SubmitConsultationBodySchema = z.unknown().transform((body, ctx) => {
  const parsed = (isFreeTrialRequest(body) ? FreeTrialBodySchema : ConsultationBodySchema).safeParse(body);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

export const ConsultationReplySchema = z.object({ message: z.string() });
export type ConsultationReply = z.infer<typeof ConsultationReplySchema>;

/** POST /api/check-free-trial: false without asking when either value is missing. */
export const CheckFreeTrialBodySchema = z.object({
  email: singleLine('Email').trim().max(Limits.emailMax).optional(),
  phone: singleLine('Phone').trim().max(Limits.phoneMax).optional(),
});
export type CheckFreeTrialBody = z.input<typeof CheckFreeTrialBodySchema>;
export const CheckFreeTrialReplySchema = z.object({ hasUsedFreeTrial: z.boolean() });
export type CheckFreeTrialReply = z.infer<typeof CheckFreeTrialReplySchema>;

/** A tutor of the directory, as the admin sees it (calendar link, login link, active flag included). */
export const TutorDtoSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  specialty: z.string(),
  /** Multi-line: one qualification a line. */
  qualifications: z.string(),
  photoUrl: z.string().nullable(),
  calendarLink: z.string(),
  /** The tutor's online meeting room, carried by each booking (issue 25); absent from older replies. */
  meetingLink: z.string().nullable().optional(),
  subjects: z.array(z.enum(ConsultationSubjects)),
  active: z.boolean(),
  /** The identity user who signs in as this tutor, if any. */
  userId: z.number().int().positive().nullable(),
});
export type TutorDto = z.infer<typeof TutorDtoSchema>;

/** GET /api/tutors: the home page's cards. No calendar links: those are handed out with a package. */
export const PublicTutorDtoSchema = TutorDtoSchema.pick({
  id: true,
  name: true,
  specialty: true,
  qualifications: true,
  photoUrl: true,
  subjects: true,
});
export type PublicTutorDto = z.infer<typeof PublicTutorDtoSchema>;

const optionalPhotoUrl = singleLine('Photo URL', { error: M.urlInvalid })
  .trim()
  .max(2000, M.urlInvalid)
  .transform((value) => (value === '' ? null : value))
  .pipe(z.url({ error: M.urlInvalid, protocol: /^https?$/ }).nullable())
  .nullable();

const optionalMeetingLink = singleLine('Meeting link', { error: M.urlInvalid })
  .trim()
  .max(2000, M.urlInvalid)
  .transform((value) => (value === '' ? null : value))
  .pipe(z.url({ error: M.urlInvalid, protocol: /^https?$/ }).nullable())
  .nullable();

/** POST /api/admin/tutors */
export const CreateTutorBodySchema = z.object({
  name: singleLine('Name', { error: TutorDirectoryMessages.nameRequired })
    .trim()
    .min(1, TutorDirectoryMessages.nameRequired)
    .max(Limits.nameMax),
  specialty: singleLine('Specialty', { error: TutorDirectoryMessages.specialtyRequired })
    .trim()
    .min(1, TutorDirectoryMessages.specialtyRequired)
    .max(200),
  qualifications: multiLine('Qualifications').trim().max(2000).default(''),
  photoUrl: optionalPhotoUrl.default(null),
  calendarLink,
  meetingLink: optionalMeetingLink.optional(),
  subjects: z.array(z.enum(ConsultationSubjects)).max(ConsultationSubjects.length).default([]),
});
export type CreateTutorBody = z.input<typeof CreateTutorBodySchema>;

/**
 * PATCH /api/admin/tutors/{id}: any subset of the create fields. Deactivation and reactivation have
 * routes of their own (DELETE, POST .../reactivate), which also end or restore the tutor's sign-in.
 */
export const UpdateTutorBodySchema = z
  .object({
    name: CreateTutorBodySchema.shape.name,
    specialty: CreateTutorBodySchema.shape.specialty,
    qualifications: multiLine('Qualifications').trim().max(2000),
    photoUrl: optionalPhotoUrl,
    calendarLink,
    meetingLink: optionalMeetingLink,
    subjects: z.array(z.enum(ConsultationSubjects)).max(ConsultationSubjects.length),
  })
  .partial();
export type UpdateTutorBody = z.input<typeof UpdateTutorBodySchema>;

/**
 * A package as the admin's Students tab sees it: `tutorDeactivated` is set while its primary or
 * secondary tutor's directory entry is deactivated, so the admin reassigns it (issue 24).
 */
export const AdminPackageDtoSchema = PackageDtoSchema.extend({ tutorDeactivated: z.boolean() });
export type AdminPackageDto = z.infer<typeof AdminPackageDtoSchema>;

/** GET /api/admin/users: each non-admin student with contact details and their packages, newest first. */
export const AdminUserWithPackagesDtoSchema = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  freeTrialUsed: z.boolean(),
  role: z.enum(['student', 'tutor', 'admin']),
  isAdmin: z.boolean(),
  /** Issue 26: whether the student may pay, and since when a guardian consented. */
  consent: StudentConsentDtoSchema,
  sessions: z.array(AdminPackageDtoSchema),
});
export type AdminUserWithPackagesDto = z.infer<typeof AdminUserWithPackagesDtoSchema>;

/** GET /api/tutor/students: a package assigned to the signed-in tutor, as primary or secondary tutor. */
export const TutorStudentPackageDtoSchema = PackageDtoSchema.extend({
  tutorRole: z.enum(['primary', 'secondary']),
  /** From tutoring's read model of identity's student_name_changed events; null until it has heard of the student. */
  studentName: z.string().nullable(),
});
export type TutorStudentPackageDto = z.infer<typeof TutorStudentPackageDtoSchema>;

/** POST /api/tutor/sessions/{id}/delivered: a session the tutor gave; its hours leave the package. */
export const DeliveredSessionBodySchema = z.object({
  date: CalendarDateSchema,
  durationHours: z.coerce
    .number({ error: TutorDirectoryMessages.durationInvalid })
    .refine(
      (value) => (SessionDurationsHours as readonly number[]).includes(value),
      TutorDirectoryMessages.durationInvalid,
    )
    // The durations, checked by the refinement above, stated for the OpenAPI document.
    .meta({ enum: [...SessionDurationsHours] }),
  notes: multiLine('Notes').trim().max(2000).optional(),
  /** The booking delivered (issue 25): its reserved hours become the used ones, counted once. */
  bookingId: z.uuid().optional(),
});
export type DeliveredSessionBody = z.input<typeof DeliveredSessionBodySchema>;

/* NATS payloads (the `data` of an RpcRequest). */
export const PackageIdRequestSchema = z.object({ sessionId: z.number().int().positive() });
export const TutorIdRequestSchema = z.object({ tutorId: z.number().int().positive() });
export const PackagesForUsersRequestSchema = z.object({
  userIds: z.array(z.number().int().positive()).max(10_000),
});
export type PackagesForUsersRequest = z.infer<typeof PackagesForUsersRequestSchema>;
export const PackagesForUsersReplySchema = z.record(z.string(), z.array(AdminPackageDtoSchema));
export type PackagesForUsersReply = z.infer<typeof PackagesForUsersReplySchema>;
/** identity.list_users (admin only): every non-admin student, with the fields of UserDto. */
export const ListUsersRequestSchema = z.object({ role: z.literal('student').default('student') });
export type ListUsersRequest = z.input<typeof ListUsersRequestSchema>;

/* Events */
/** A visitor asked for a free trial; identity marks the matching user's free trial as used. */
export const FreeTrialRequestedV1Schema = z.object({
  consultationId: z.number().int().positive(),
  email: z.string(),
  phone: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  subjectInterest: z.string(),
});
export type FreeTrialRequestedV1 = z.infer<typeof FreeTrialRequestedV1Schema>;

/** Hours left a package (an admin correction upwards or a delivered session); payroll pays tutors from it. */
export const HoursUsedV1Schema = z.object({
  sessionId: z.number().int().positive(),
  ledgerEntryId: z.number().int().positive(),
  userId: z.number().int().positive(),
  subject: z.enum(CatalogSubjects),
  packageName: z.string(),
  hours: z.number().positive(),
  usedHoursAfter: z.number().nonnegative(),
  totalHours: z.number().nonnegative(),
  /** The day the session took place (delivered sessions), else the day of the correction. */
  date: z.string(),
  tutorId: z.number().int().positive().nullable(),
  tutorName: z.string().nullable(),
  tutorUserId: z.number().int().positive().nullable(),
  /**
   * Who recorded the use: a tutor (a delivered session or a no-show, which payroll counts), an admin
   * (a correction), or the student (a cancellation later than the policy allows, issue 25).
   */
  actorRole: z.enum(['student', 'tutor', 'admin']),
  reason: z.string(),
});
export type HoursUsedV1 = z.infer<typeof HoursUsedV1Schema>;

/**
 * A tutor-directory entry as it now is, at `version` (raised by every change of the entry): written
 * when an entry is created, edited, deactivated or linked to a login, and for every entry when
 * tutoring starts, so consumers learn entries made before they listened. A consumer keeps the
 * highest version it has seen, as events may arrive in any order.
 */
export const TutorChangedV1Schema = z.object({
  tutorId: z.number().int().positive(),
  active: z.boolean(),
  /** The identity user who signs in as this tutor; once set, never unset. */
  userId: z.number().int().positive().nullable(),
  version: z.number().int().positive(),
});
export type TutorChangedV1 = z.infer<typeof TutorChangedV1Schema>;

/**
 * tutoring.deactivate_tutor and tutoring.reactivate_tutor: the entry, and the change as its
 * tutor_changed event states it, which the gateway hands identity at once (identity.record_tutor_change)
 * so the login is refused before the admin's request returns, not when the event arrives.
 */
export const TutorStatusChangeReplySchema = z.object({ tutor: TutorDtoSchema, change: TutorChangedV1Schema });
export type TutorStatusChangeReply = z.infer<typeof TutorStatusChangeReplySchema>;

/** identity.record_tutor_change: the login of the entry as identity now knows it (null: none yet). */
export const RecordTutorChangeReplySchema = z.object({ userId: z.number().int().positive().nullable() });
export type RecordTutorChangeReply = z.infer<typeof RecordTutorChangeReplySchema>;
