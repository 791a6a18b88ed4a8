import { z } from './zod.js';
import { SecondFactorCodeSchema } from './identity.js';
import { ValidationMessages as M } from './messages.js';
import { Limits } from './limits.js';
import { singleLine } from './text.js';

/** POST /api/auth/2fa/{re-enrol,recovery-codes,disable}: the current password and a current code. */
export const SecondFactorChangeBodySchema = z.object({
  password: singleLine('Password', { error: M.passwordRequired })
    .min(1, M.passwordRequired)
    .max(Limits.passwordMax, M.passwordTooLong),
  code: SecondFactorCodeSchema,
});
export type SecondFactorChangeBody = z.input<typeof SecondFactorChangeBodySchema>;

/** The same, for the user of the gateway's session (`userId` from that session, never from the browser). */
export const SecondFactorChangeRequestSchema = SecondFactorChangeBodySchema.extend({
  userId: z.number().int().positive(),
});

/** POST /api/auth/2fa/re-enrol/confirm: a code of the new authenticator; the user from the session. */
export const TotpReEnrolConfirmRequestSchema = z.object({
  userId: z.number().int().positive(),
  code: SecondFactorCodeSchema,
});

/** Answered when two-factor authentication was turned off. */
export const TotpDisableReplySchema = z.object({ enabled: z.literal(false) });
export type TotpDisableReply = z.infer<typeof TotpDisableReplySchema>;

/** POST /api/admin/users/{id}/two-factor/reset: the account whose second factor was reset. */
export const AdminSecondFactorResetRequestSchema = z.object({ userId: z.number().int().positive() });
export const AdminSecondFactorResetReplySchema = z.object({
  userId: z.number().int().positive(),
  resetAt: z.string().datetime(),
  message: z.string(),
});
export type AdminSecondFactorResetReply = z.infer<typeof AdminSecondFactorResetReplySchema>;
