import { z } from './zod.js';
import { RoleSchema } from './envelope.js';
import { Limits } from './limits.js';
import { ServerMessages, TwoFactorTexts, ValidationMessages as M } from './messages.js';
import { singleLine } from './text.js';
import {
  AgeFields,
  AlwaysRefine,
  RequiredDateOfBirthSchema,
  refineAgeFields,
  StudentConsentDtoSchema,
} from './consent-schemas.js';

const email = singleLine('Email', { error: M.emailRequired })
  .trim()
  .min(1, M.emailRequired)
  .max(Limits.emailMax, M.emailInvalid)
  .pipe(z.email({ error: M.emailInvalid }));

const optionalText = (field: string, max: number) =>
  singleLine(field)
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

const registrationFields = {
  username: singleLine('Username', { error: M.usernameRequired })
    .trim()
    .min(1, M.usernameRequired)
    .max(Limits.usernameMax, M.usernameTooLong),
  email,
  password: singleLine('Password', { error: M.passwordRequired })
    .min(Limits.passwordMin, M.passwordMin)
    .max(Limits.passwordMax, M.passwordTooLong),
  firstName: optionalText('First name', Limits.nameMax),
  lastName: optionalText('Last name', Limits.nameMax),
  phone: optionalText('Phone', Limits.phoneMax),
  ...AgeFields,
};

/**
 * POST /api/register. The date of birth and a guardian (issue 26) are optional here, so the spec's
 * payloads stay valid; an account without a date of birth is asked for it before its first payment.
 */
export const RegisterBodySchema = z.object(registrationFields).superRefine(refineAgeFields, AlwaysRefine);
export type RegisterBody = z.input<typeof RegisterBodySchema>;

/** The registration form: the same body with the date of birth required, so the age rule cannot be skipped there. */
export const RegisterFormSchema = z
  .object({ ...registrationFields, dateOfBirth: RequiredDateOfBirthSchema })
  .superRefine(refineAgeFields, AlwaysRefine);

/** POST /api/login. Only presence is checked: a wrong password must fail like an unknown email. */
export const LoginBodySchema = z.object({
  email,
  password: singleLine('Password', { error: M.passwordRequired })
    .min(1, M.passwordRequired)
    .max(Limits.passwordMax, M.passwordTooLong),
});
export type LoginBody = z.input<typeof LoginBodySchema>;

/** POST /api/forgot-password */
export const ForgotPasswordBodySchema = z.object({ email });
export type ForgotPasswordBody = z.input<typeof ForgotPasswordBodySchema>;

/** POST /api/reset-password */
export const ResetPasswordBodySchema = z
  .object({
    token: singleLine('Reset token', { error: M.resetTokenRequired }).min(1, M.resetTokenRequired).max(256),
    password: singleLine('Password', { error: M.passwordMin })
      .min(Limits.passwordMin, M.passwordMin)
      .max(Limits.passwordMax, M.passwordTooLong),
    confirmPassword: singleLine('Password confirmation', { error: M.passwordConfirmationRequired }).min(
      Limits.passwordMin,
      M.passwordConfirmationRequired,
    ),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: M.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordBody = z.input<typeof ResetPasswordBodySchema>;

/** The user as the client sees it (GET /api/user, login and register answers). */
export const UserDtoSchema = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  freeTrialUsed: z.boolean(),
  role: RoleSchema,
  isAdmin: z.boolean(),
});
export type UserDto = z.infer<typeof UserDtoSchema>;

/** identity.list_users: a student for the admin back office, with their consent (issue 26). */
export const AdminStudentDtoSchema = UserDtoSchema.extend({ consent: StudentConsentDtoSchema });
export type AdminStudentDto = z.infer<typeof AdminStudentDtoSchema>;

/* NATS payloads (the `data` of an RpcRequest) and replies. */
export const GetUserRequestSchema = z.object({ userId: z.number().int().positive() });
export type GetUserRequest = z.infer<typeof GetUserRequestSchema>;

export const VerifyCredentialsRequestSchema = LoginBodySchema;

/** The link in the email is built by identity from PUBLIC_BASE_URL; the gateway only forwards the email. */
export const RequestPasswordResetRequestSchema = ForgotPasswordBodySchema;
/** The same answer whether or not the email belongs to an account, so the form cannot probe for users. */
export const RequestPasswordResetReplySchema = z.object({ accepted: z.literal(true) });
export type RequestPasswordResetReply = z.infer<typeof RequestPasswordResetReplySchema>;

export const ResetPasswordRequestSchema = ResetPasswordBodySchema;
/** The gateway ends every session of this user after a successful reset. */
export const ResetPasswordReplySchema = z.object({ userId: z.number().int().positive() });
export type ResetPasswordReply = z.infer<typeof ResetPasswordReplySchema>;

/* Events */
export const UserRegisteredV1Schema = z.object({
  userId: z.number().int().positive(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  role: RoleSchema,
});
export type UserRegisteredV1 = z.infer<typeof UserRegisteredV1Schema>;

/**
 * A student's name as other services show it (the tutor portal's students, payslip lines), at
 * `version`: written when a student registers and, for every student, when identity starts, so a
 * read model made after the registration still learns it. Only what those views need: no email,
 * phone or username (personal data copied into other databases; an erasure must reach them too).
 * Names cannot be edited yet, so the version is 1; an edit would raise it. A consumer keeps the
 * highest version it has seen, as events may arrive in any order.
 */
export const StudentNameChangedV1Schema = z.object({
  userId: z.number().int().positive(),
  name: z.string().min(1),
  version: z.number().int().positive(),
});
export type StudentNameChangedV1 = z.infer<typeof StudentNameChangedV1Schema>;

export const PasswordResetRequestedV1Schema = z.object({
  userId: z.number().int().positive(),
  expiresAt: z.string().datetime(),
});
export type PasswordResetRequestedV1 = z.infer<typeof PasswordResetRequestedV1Schema>;

/* Two-factor authentication (TOTP, RFC 6238) for admins and tutors; paths beside the spec's. */

/** A 6-digit authenticator code, or a recovery code (`xxxxx-xxxxx`, case and dash optional). */
export const SecondFactorCodeSchema = z
  .string({ error: TwoFactorTexts.codeRequired })
  .trim()
  .min(1, TwoFactorTexts.codeRequired)
  .max(32, ServerMessages.secondFactorInvalid)
  .regex(/^(\d{6}|[A-Za-z2-7]{5}-?[A-Za-z2-7]{5})$/, ServerMessages.secondFactorInvalid);

/** POST /api/auth/2fa/verify and /api/auth/2fa/enable */
export const SecondFactorCodeBodySchema = z.object({ code: SecondFactorCodeSchema });
export type SecondFactorCodeBody = z.input<typeof SecondFactorCodeBodySchema>;

/**
 * POST /api/login's answer when the password was right but the account has a second step: `verify`
 * asks for a code, `enrol` (production admins without TOTP) allows only the enrolment calls. The
 * session is not signed in until that step is done.
 */
export const LoginSecondFactorReplySchema = z.object({ secondFactor: z.enum(['verify', 'enrol']) });
export type LoginSecondFactorReply = z.infer<typeof LoginSecondFactorReplySchema>;

/** GET /api/auth/2fa: `required`: the account may not turn it off (see `secondFactorRequired`). */
export const TotpStatusReplySchema = z.object({ enabled: z.boolean(), required: z.boolean() });
export type TotpStatusReply = z.infer<typeof TotpStatusReplySchema>;

/** POST /api/auth/2fa/setup: shown once while enrolling; the secret is never returned after enrolment. */
export const TotpSetupReplySchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCodeDataUrl: z.string(),
});
export type TotpSetupReply = z.infer<typeof TotpSetupReplySchema>;

/** POST /api/auth/2fa/enable: ten single-use recovery codes, shown only in this answer. */
export const TotpEnableReplySchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TotpEnableReply = z.infer<typeof TotpEnableReplySchema>;

/* NATS payloads and replies */

/** identity.verify_credentials answers the user and whether a second step follows the password. */
export const VerifyCredentialsReplySchema = UserDtoSchema.extend({
  totpEnabled: z.boolean(),
  /** An admin reset this account's second factor: it must enrol before it is signed in. */
  totpEnrolmentRequired: z.boolean(),
});
export type VerifyCredentialsReply = z.infer<typeof VerifyCredentialsReplySchema>;

export const UserIdRequestSchema = z.object({ userId: z.number().int().positive() });

/** Sessions that started at or before this instant are over (password reset, 2FA change); null: none. */
export const SessionValidityReplySchema = z.object({
  sessionsValidAfter: z.string().datetime().nullable(),
  /** A tutor whose directory entry is deactivated (issue 24): every session of theirs is over. */
  deactivated: z.boolean().optional(),
});
export type SessionValidityReply = z.infer<typeof SessionValidityReplySchema>;

/** Sent by the gateway for a session whose password step passed; the user id comes from that session. */
export const TotpVerifyRequestSchema = z.object({ userId: z.number().int().positive(), code: SecondFactorCodeSchema });
export const TotpVerifyReplySchema = z.object({ method: z.enum(['totp', 'recovery']) });
export type TotpVerifyReply = z.infer<typeof TotpVerifyReplySchema>;

/** Setup and enable act for `userId`: the signed-in user, or the session waiting to enrol. */
export const TotpSetupRequestSchema = UserIdRequestSchema;
export const TotpEnableRequestSchema = z.object({ userId: z.number().int().positive(), code: SecondFactorCodeSchema });
