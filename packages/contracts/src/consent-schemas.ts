import { z } from './zod.js';
import { AgeMessages, ConsentMessages, ConsentStates, dateOfBirthRefusal, needsGuardian } from './consent.js';
import { Limits } from './limits.js';
import { ValidationMessages as M } from './messages.js';
import { singleLine } from './text.js';

/*
 * Issue 26: the date of birth and the guardian a student under 18 names, their consent, and the
 * event that tells catalog-payments whether a student may pay.
 */

const blankToUndefined = (value: string | undefined) => (value === '' ? undefined : value);

/** YYYY-MM-DD (an `<input type="date">`'s value), or blank (an empty form field is no date). */
const dateOfBirthFormat = /^(\d{4}-\d{2}-\d{2})?$/;

/** The format is stated in the API document too; whether the date is believable is the age rule's. */
const dateOfBirthText = singleLine('Date of birth')
  .trim()
  .max(10, AgeMessages.dateOfBirthInvalid)
  .regex(dateOfBirthFormat, AgeMessages.dateOfBirthInvalid);

export const OptionalDateOfBirthSchema = dateOfBirthText.optional().transform(blankToUndefined);
export const RequiredDateOfBirthSchema = z
  .string({ error: AgeMessages.dateOfBirthRequired })
  .pipe(dateOfBirthText)
  .refine((value) => value !== '', AgeMessages.dateOfBirthRequired);

const guardianText = (field: string, max: number) =>
  singleLine(field).trim().max(max).optional().transform(blankToUndefined);

/** The fields registration and POST /api/me/date-of-birth add; all optional in the API. */
export const AgeFields = {
  dateOfBirth: OptionalDateOfBirthSchema,
  guardianName: guardianText("Parent or guardian's name", Limits.nameMax),
  guardianEmail: guardianText("Parent or guardian's email", Limits.emailMax),
};

interface AgeFieldValues {
  email?: unknown;
  dateOfBirth?: unknown;
  guardianName?: unknown;
  guardianEmail?: unknown;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

const isEmail = (value: string) => z.email().safeParse(value).success;

/**
 * The age rule on a body at the time it is parsed: no date of birth passes (the spec's payloads);
 * a date that is not believable, or under 13, is refused; 13–17 needs a guardian's name and a
 * valid email other than the student's own. The service applies the rule again with its own clock.
 */
export function refineAgeFields(body: AgeFieldValues, ctx: z.RefinementCtx): void {
  const dateOfBirth = text(body.dateOfBirth)?.trim();
  // Not in the format: the field's own check has said so.
  if (!dateOfBirth || !dateOfBirthFormat.test(dateOfBirth)) return;
  const now = new Date();
  const refusal = dateOfBirthRefusal(dateOfBirth, now);
  if (refusal) {
    ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: refusal });
    return;
  }
  if (!needsGuardian(dateOfBirth, now)) return;
  const guardianName = text(body.guardianName)?.trim();
  const guardianEmail = text(body.guardianEmail)?.trim();
  const email = text(body.email)?.trim();
  if (!guardianName) {
    ctx.addIssue({ code: 'custom', path: ['guardianName'], message: AgeMessages.guardianNameRequired });
  }
  if (!guardianEmail) {
    ctx.addIssue({ code: 'custom', path: ['guardianEmail'], message: AgeMessages.guardianEmailRequired });
  } else if (!isEmail(guardianEmail)) {
    ctx.addIssue({ code: 'custom', path: ['guardianEmail'], message: M.emailInvalid });
  } else if (email && guardianEmail.toLowerCase() === email.toLowerCase()) {
    ctx.addIssue({ code: 'custom', path: ['guardianEmail'], message: AgeMessages.guardianEmailOwn });
  }
}

/**
 * Run the age rule even when another field is wrong, so a form shows "at least 13" at once rather
 * than after the rest is fixed. The rule reads only what it can use from a partly invalid body.
 */
export const AlwaysRefine = { when: () => true } as const;

/** POST /api/me/date-of-birth: a signed-in student who has none yet; the same rule as registration. */
export const SetDateOfBirthBodySchema = z
  .object({ ...AgeFields, dateOfBirth: RequiredDateOfBirthSchema })
  .superRefine(refineAgeFields, AlwaysRefine);
export type SetDateOfBirthBody = z.input<typeof SetDateOfBirthBodySchema>;

export const ConsentStateSchema = z.enum(ConsentStates);

/** The answer of the date-of-birth and resend calls: the student's state now, and what happened. */
export const ConsentStateReplySchema = z.object({ state: ConsentStateSchema, message: z.string() });
export type ConsentStateReply = z.infer<typeof ConsentStateReplySchema>;

/** POST /api/guardian-consent and /api/guardian-consent/details: the emailed token, in the body (never a URL). */
export const GuardianConsentTokenBodySchema = z.object({
  token: singleLine('Consent token', { error: ConsentMessages.linkIncomplete })
    .trim()
    .min(1, ConsentMessages.linkIncomplete)
    .max(256, ConsentMessages.linkInvalid),
});
export type GuardianConsentTokenBody = z.input<typeof GuardianConsentTokenBodySchema>;

/** What the consent page shows before the guardian agrees: who asks, and until when the link works. */
export const GuardianConsentDetailsSchema = z.object({
  studentFirstName: z.string(),
  guardianName: z.string(),
  expiresAt: z.string().datetime(),
});
export type GuardianConsentDetails = z.infer<typeof GuardianConsentDetailsSchema>;

/** A student's consent as the admin back office shows it. */
export const StudentConsentDtoSchema = z.object({
  state: ConsentStateSchema,
  /** When the guardian consented; null unless the state is consent_given. */
  consentGivenAt: z.string().datetime().nullable(),
});
export type StudentConsentDto = z.infer<typeof StudentConsentDtoSchema>;

/* NATS payloads */
export const SetDateOfBirthRequestSchema = SetDateOfBirthBodySchema;
export const GuardianConsentTokenRequestSchema = GuardianConsentTokenBodySchema;
/** A student resending their own request, or an admin resending a student's. */
export const ResendGuardianConsentRequestSchema = z.object({ userId: z.number().int().positive() });

/* Events */

/**
 * A student's standing for buying, at `version` (raised by every change of the student's state):
 * written at registration, with every change, and at identity's start for students never announced.
 * Only the id and the state: no date of birth, no guardian. catalog-payments keeps the highest
 * version it has seen and refuses a payment intent unless the state is adult or consent_given.
 */
export const StudentConsentChangedV1Schema = z.object({
  userId: z.number().int().positive(),
  state: ConsentStateSchema,
  version: z.number().int().positive(),
});
export type StudentConsentChangedV1 = z.infer<typeof StudentConsentChangedV1Schema>;
