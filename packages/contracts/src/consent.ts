/*
 * Issue 26: the service is for students over 13, and under 18 needs a parent's or guardian's consent
 * (docs/product.md, "Age and consent"). The age rule is a pure function of a date of birth and an instant, shared by
 * the registration form, the gateway's validation and identity, so one rule holds everywhere.
 */

/** Ages in completed years. From `oldest` on, a date of birth is taken for a typing mistake. */
export const AgeLimits = { minimum: 13, adult: 18, oldest: 100 } as const;

/** The UK's calendar: a person turns 13 or 18 on their birthday as dated in Europe/London. */
export const AgeTimeZone = 'Europe/London';

/** How long a guardian's consent link works, and how soon a student may send another one. */
export const GuardianConsentLimits = { linkTtlDays: 7, resendCooldownSeconds: 60 } as const;

/** What registration decides from a date of birth. */
export type AgeOutcome = 'under13' | 'guardianRequired' | 'adult';

/**
 * A student's standing for buying, as identity announces it (identity.student_consent_changed.v1) and
 * catalog-payments applies it: only `adult` and `consent_given` may pay.
 */
export const ConsentStates = ['adult', 'consent_given', 'awaiting_consent', 'date_of_birth_missing'] as const;
export type ConsentState = (typeof ConsentStates)[number];

export const mayPay = (state: ConsentState): boolean => state === 'adult' || state === 'consent_given';

export const AgeMessages = {
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthInvalid: 'Please enter a valid date of birth',
  dateOfBirthInFuture: 'Date of birth cannot be in the future',
  dateOfBirthImplausible: 'Please check your date of birth: it is 100 or more years ago',
  tooYoung: 'You must be at least 13 years old to use MedPath Tutors.',
  guardianNameRequired: "Please enter your parent's or guardian's name (students under 18 need their consent)",
  guardianEmailRequired: "Please enter your parent's or guardian's email (students under 18 need their consent)",
  guardianEmailOwn: "Your parent's or guardian's email must be different from your own",
} as const;

export const ConsentMessages = {
  paymentNeedsConsent:
    'A parent or guardian needs to give consent before you can pay. We emailed them a link; you can send it again.',
  paymentNeedsDateOfBirth: 'Please tell us your date of birth before you pay: students under 18 need consent.',
  /** catalog-payments has not heard of the new account yet (its read model lags by milliseconds). */
  accountNotReady: 'We are still setting up your account. Please try again in a moment.',
  linkInvalid:
    'This consent link is invalid, has expired or has already been used. The student can send a new request from the checkout page.',
  linkIncomplete: 'The consent link is incomplete: open the link from the email again.',
  consentRecorded: 'Thank you. Your consent has been recorded and the student can now buy sessions.',
  requestSent: 'We have emailed your parent or guardian a new consent link.',
  nowAdult: 'You are 18 or over now: no consent is needed, you can pay.',
  notAwaiting: 'No consent request is waiting for this account.',
  dateOfBirthAlreadySet: 'Your date of birth is already recorded. Contact support to correct it.',
  dateOfBirthSaved: 'Thank you. Your date of birth has been saved.',
} as const;

/** How the admin back office names each state. */
export const ConsentStateLabels: Record<ConsentState, string> = {
  adult: 'Adult',
  consent_given: 'Consent given',
  awaiting_consent: 'Awaiting consent',
  date_of_birth_missing: 'Date of birth missing',
};

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const IsoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD string naming a real calendar day (no 30 February), else null. */
export function parseCalendarDate(value: string): CalendarDate | null {
  const match = IsoDatePattern.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (year < 1 || probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    return null;
  }
  return { year, month, day };
}

const londonDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: AgeTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day `now` falls on in the UK, as YYYY-MM-DD. */
export const ukDateOf = (now: Date): string => londonDate.format(now);

/**
 * Completed years on `today`. Birthdays compare as (month, day), so someone born on 29 February
 * turns a year older on 1 March in a common year, as UK law counts it.
 */
export function completedYears(birth: CalendarDate, today: CalendarDate): number {
  const hadBirthday = today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
  return today.year - birth.year - (hadBirthday ? 0 : 1);
}

export type DateOfBirthAssessment = { ok: true; age: number; outcome: AgeOutcome } | { ok: false; message: string };

/**
 * The age rule: a date of birth at `now` is either not a believable date of birth (refused with the
 * message to show) or gives an outcome: under13 (refused), guardianRequired (13–17) or adult (18+).
 */
export function assessDateOfBirth(dateOfBirth: string, now: Date): DateOfBirthAssessment {
  const birth = parseCalendarDate(dateOfBirth);
  if (!birth) return { ok: false, message: AgeMessages.dateOfBirthInvalid };
  const todayText = ukDateOf(now);
  if (dateOfBirth > todayText) return { ok: false, message: AgeMessages.dateOfBirthInFuture };
  const age = completedYears(birth, parseCalendarDate(todayText) as CalendarDate);
  if (age >= AgeLimits.oldest) return { ok: false, message: AgeMessages.dateOfBirthImplausible };
  const outcome: AgeOutcome =
    age < AgeLimits.minimum ? 'under13' : age < AgeLimits.adult ? 'guardianRequired' : 'adult';
  return { ok: true, age, outcome };
}

/** Why a date of birth may not open an account (not a date, not believable, or under 13), or null. */
export function dateOfBirthRefusal(dateOfBirth: string, now: Date): string | null {
  const assessed = assessDateOfBirth(dateOfBirth, now);
  if (!assessed.ok) return assessed.message;
  return assessed.outcome === 'under13' ? AgeMessages.tooYoung : null;
}

/** True when the date parses and the person is 13–17 on `now`: the form then asks for a guardian. */
export const needsGuardian = (dateOfBirth: string | undefined, now: Date): boolean => {
  if (!dateOfBirth) return false;
  const assessed = assessDateOfBirth(dateOfBirth, now);
  return assessed.ok && assessed.outcome === 'guardianRequired';
};
