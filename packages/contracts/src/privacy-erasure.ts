import { z } from './zod.js';
import type { EventEnvelope } from './envelope.js';
import { Limits } from './limits.js';
import { ValidationMessages as M } from './messages.js';
import { EventTypes } from './subjects.js';
import { singleLine } from './text.js';
import { SecondFactorCodeSchema } from './identity.js';

/*
 * Issue 26, erasure: a student erases their account (POST /api/me/erase), or an admin does on a
 * verified request (POST /api/admin/users/{id}/erase). identity deletes the account and announces
 * identity.user_erased.v1; every other service erases or anonymises its own copies from that event.
 */

/** What replaces a student's name where a record must stay (bookings, timesheet lines, read models). */
export const ErasedStudentName = 'Erased student';

/** An admin's reason for an erasure: recorded with who and when, never with the person's details. */
export const ErasureReasonMax = 500;

export const ErasureMessages = {
  /** The answer to the student, and the notice they see once signed out. */
  erased: 'Your account has been deleted.',
  adminErased: 'Account erased: the other services finish their part in the background',
  /** Tutors and admins leave through the team, whose payroll and audit records need more than an erasure. */
  studentsOnly: 'Only a student account can be erased this way',
  ownAccount: 'An admin cannot erase their own account',
  reasonRequired: 'Enter the reason for the erasure (the verified request)',
  emailSubject: 'Your account has been deleted',
} as const;

/** The confirmation sent to the address just before identity forgets it. */
export const ErasureEmailText = {
  subject: ErasureMessages.emailSubject,
  paragraphs: [
    'Your MedPath Tutors account has been deleted, as you asked. Your details are being removed from all our systems.',
    'We keep records of payments without your name or email address, because the law requires accounting records to be kept for six years.',
    'If you did not ask for this, reply to this email at once.',
  ],
} as const;

/** Texts of the student's "Delete my account" card and of the admin's Erase action. */
export const ErasureTexts = {
  cardTitle: 'Delete my account',
  deletedNoticeTitle: 'Account deleted',
  cardIntro:
    'This deletes your account and your personal details across MedPath Tutors: your profile, sign-in and two-factor settings, your testimonials, your consultation and free-trial requests, your calendar feed, and your name and email on your bookings. Upcoming sessions are cancelled.',
  cardKept:
    'Records of your payments and of the hours you used are kept for six years, as UK accounting law requires, without your name or email address.',
  cardIrreversible: 'This cannot be undone. You will be signed out at once.',
  passwordLabel: 'Current password',
  codeLabel: 'Authentication code',
  codeHelp: 'A code from your authenticator app, or one of your recovery codes.',
  deleteButton: 'Delete my account…',
  failed: 'Your account could not be deleted. Please try again.',
  confirmTitle: 'Delete your account for good?',
  confirmButton: 'Yes, delete my account',
  cancelButton: 'Keep my account',
  adminAction: 'Erase',
  adminConfirmTitle: 'Erase this student’s account?',
  adminConfirmIntro:
    'Only on a verified request from the student (or their parent or guardian). The account and the student’s personal details are erased in every service; payment records are kept without them.',
  adminReasonLabel: 'Reason (the verified request)',
  adminReasonHelp: 'For the audit record: how the request was made and verified. No personal details.',
  adminConfirmButton: 'Erase account',
} as const;

/** POST /api/me/erase: the current password, and a current code when two-factor authentication is on. */
export const EraseMeBodySchema = z.object({
  password: singleLine('Password', { error: M.passwordRequired })
    .min(1, M.passwordRequired)
    .max(Limits.passwordMax, M.passwordTooLong),
  code: SecondFactorCodeSchema.optional(),
});
export type EraseMeBody = z.input<typeof EraseMeBodySchema>;

/** POST /api/admin/users/{id}/erase */
export const AdminEraseBodySchema = z.object({
  reason: singleLine('Reason', { error: ErasureMessages.reasonRequired })
    .trim()
    .min(1, ErasureMessages.reasonRequired)
    .max(ErasureReasonMax, ErasureMessages.reasonRequired),
});
export type AdminEraseBody = z.input<typeof AdminEraseBodySchema>;

/* NATS payloads */
export const EraseMeRequestSchema = EraseMeBodySchema.extend({ userId: z.number().int().positive() });
export const AdminEraseUserRequestSchema = AdminEraseBodySchema.extend({ userId: z.number().int().positive() });

/** Both routes' answer: the erasure as identity recorded it (the same on a repeated call). */
export const UserErasedReplySchema = z.object({
  userId: z.number().int().positive(),
  erasedAt: z.string().datetime(),
  message: z.string(),
});
export type UserErasedReply = z.infer<typeof UserErasedReplySchema>;

/**
 * identity.user_erased.v1. `email` (lower-cased) is how tutoring, catalog-payments and reviews find
 * what they hold by address only (consultations, trial requests, emails, testimonials by visitors):
 * it lives in the durable stream for EVENT_RETENTION_DAYS, as the same address does in
 * identity.user_registered.v1 (docs/decisions.md, "Issue 26: erasure").
 */
export const UserErasedV1Schema = z.object({
  userId: z.number().int().positive(),
  email: z.string().min(1),
  erasedAt: z.string().datetime(),
});
export type UserErasedV1 = z.infer<typeof UserErasedV1Schema>;

export const ErasureFixtures = {
  userErasedEvent: {
    id: '0d9a3c1e-5b7f-4a2d-9c8e-6f1a2b3c4d5e',
    type: EventTypes.userErased,
    version: 1,
    occurredAt: '2026-12-01T10:00:00.000Z',
    correlationId: 'req-erase-1',
    data: { userId: 7, email: 'amelia@example.com', erasedAt: '2026-12-01T10:00:00.000Z' },
  } satisfies EventEnvelope<UserErasedV1>,
} as const;
