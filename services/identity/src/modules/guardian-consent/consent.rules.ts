import { assessDateOfBirth, type ConsentState, GuardianConsentLimits } from '@medtutor/contracts';

/*
 * A student's consent state (issue 26), its whole lifecycle: pure transitions from the current state,
 * the date of birth and the time. The repository applies a result with a conditional update on the
 * state it started from and announces it in the same transaction; the state is written nowhere else.
 */

export type Refusal = 'tooYoung' | 'invalidDate' | 'conflict';

export type Transition<T extends object = object> =
  ({ ok: true; next: ConsentState } & T) | { ok: false; refusal: Refusal };

/** Where a new student starts: no date of birth, 13–17 (a guardian is asked), or adult. Under 13 is refused. */
export function stateAtRegistration(dateOfBirth: string | undefined, now: Date): Transition {
  if (dateOfBirth === undefined) return { ok: true, next: 'date_of_birth_missing' };
  return fromDateOfBirth(dateOfBirth, now);
}

/** A student registered without a date of birth gives one (once; a correction goes through support). */
export function onDateOfBirthGiven(current: ConsentState, dateOfBirth: string, now: Date): Transition {
  if (current !== 'date_of_birth_missing') return { ok: false, refusal: 'conflict' };
  return fromDateOfBirth(dateOfBirth, now);
}

/** The guardian consented through a live link: only a student who waits for it changes. */
export function onGuardianConsent(current: ConsentState): Transition {
  return current === 'awaiting_consent' ? { ok: true, next: 'consent_given' } : { ok: false, refusal: 'conflict' };
}

/**
 * A request sent again, by the student or an admin. A student who turned 18 while waiting needs no
 * consent any more: they become adult and no email goes out.
 */
export function onResendRequested(
  current: ConsentState,
  dateOfBirth: string | null,
  now: Date,
): Transition<{ sendLink: boolean }> {
  if (current !== 'awaiting_consent' || dateOfBirth === null) return { ok: false, refusal: 'conflict' };
  const assessed = assessDateOfBirth(dateOfBirth, now);
  if (assessed.ok && assessed.outcome === 'adult') return { ok: true, next: 'adult', sendLink: false };
  return { ok: true, next: 'awaiting_consent', sendLink: true };
}

/** False while the newest link is younger than the cooldown: it is probably in the guardian's inbox. */
export const mayResend = (newestLinkAt: Date | null, now: Date): boolean =>
  newestLinkAt === null || now.getTime() - newestLinkAt.getTime() >= GuardianConsentLimits.resendCooldownSeconds * 1000;

export const consentLinkExpiry = (issuedAt: Date): Date =>
  new Date(issuedAt.getTime() + GuardianConsentLimits.linkTtlDays * 86_400_000);

export const isConsentLinkUsable = (link: { usedAt: Date | null; expiresAt: Date }, now: Date): boolean =>
  link.usedAt === null && link.expiresAt.getTime() > now.getTime();

function fromDateOfBirth(dateOfBirth: string, now: Date): Transition {
  const assessed = assessDateOfBirth(dateOfBirth, now);
  if (!assessed.ok) return { ok: false, refusal: 'invalidDate' };
  if (assessed.outcome === 'under13') return { ok: false, refusal: 'tooYoung' };
  return { ok: true, next: assessed.outcome === 'adult' ? 'adult' : 'awaiting_consent' };
}
