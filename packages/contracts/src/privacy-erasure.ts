/*
 * Issue 26, erasure (zod-free texts and constants; the schemas are in privacy-erasure-schemas.ts): a student erases their account (POST /api/me/erase), or an admin does on a
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
