import { z } from './zod.js';
import { Limits } from './limits.js';
import { ValidationMessages as M } from './messages.js';
import { singleLine } from './text.js';

/** How long the emailed set-password link of a tutor invitation works (a reset link works 1 hour). */
export const TutorInvitationLinkHours = 7 * 24;

export const TutorInvitationMessages = {
  tutorHasLogin: 'This tutor already has a login',
  emailSubject: 'Your MedPath tutor account',
} as const;

const name = (field: string, message: string) =>
  singleLine(field, { error: message }).trim().min(2, message).max(Limits.nameMax, message);

/** POST /api/admin/tutor-accounts */
export const InviteTutorBodySchema = z.object({
  email: singleLine('Email', { error: M.emailRequired })
    .trim()
    .min(1, M.emailRequired)
    .max(Limits.emailMax, M.emailInvalid)
    .pipe(z.email({ error: M.emailInvalid })),
  firstName: name('First name', M.firstNameMin),
  lastName: name('Last name', M.lastNameMin),
  /** The tutor-directory entry (tutoring service) this account signs in as. */
  tutorId: z.coerce.number().int().positive(),
});
export type InviteTutorBody = z.input<typeof InviteTutorBodySchema>;

export const InviteTutorReplySchema = z.object({
  userId: z.number().int().positive(),
  tutorId: z.number().int().positive(),
  email: z.string(),
  inviteExpiresAt: z.string(),
});
export type InviteTutorReply = z.infer<typeof InviteTutorReplySchema>;

export const TutorInvitedV1Schema = z.object({
  userId: z.number().int().positive(),
  tutorId: z.number().int().positive(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  invitedBy: z.number().int().positive(),
});
export type TutorInvitedV1 = z.infer<typeof TutorInvitedV1Schema>;
