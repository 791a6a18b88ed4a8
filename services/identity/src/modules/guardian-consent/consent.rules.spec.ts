import { describe, expect, it } from '@jest/globals';
import {
  consentLinkExpiry,
  isConsentLinkUsable,
  mayResend,
  onDateOfBirthGiven,
  onGuardianConsent,
  onResendRequested,
  stateAtRegistration,
} from './consent.rules.js';

const now = new Date('2026-06-15T12:00:00Z');

describe('stateAtRegistration', () => {
  it('starts a student without a date of birth as date_of_birth_missing, 13–17 awaiting, 18+ adult', () => {
    expect(stateAtRegistration(undefined, now)).toEqual({ ok: true, next: 'date_of_birth_missing' });
    expect(stateAtRegistration('2011-01-01', now)).toEqual({ ok: true, next: 'awaiting_consent' });
    expect(stateAtRegistration('2008-06-15', now)).toEqual({ ok: true, next: 'adult' });
  });

  it('refuses under 13 and dates that cannot be a date of birth', () => {
    expect(stateAtRegistration('2013-06-16', now)).toEqual({ ok: false, refusal: 'tooYoung' });
    expect(stateAtRegistration('2030-01-01', now)).toEqual({ ok: false, refusal: 'invalidDate' });
    expect(stateAtRegistration('1900-01-01', now)).toEqual({ ok: false, refusal: 'invalidDate' });
  });
});

describe('onDateOfBirthGiven', () => {
  it('applies once, from date_of_birth_missing only', () => {
    expect(onDateOfBirthGiven('date_of_birth_missing', '2010-01-01', now)).toEqual({
      ok: true,
      next: 'awaiting_consent',
    });
    expect(onDateOfBirthGiven('date_of_birth_missing', '2000-01-01', now)).toEqual({ ok: true, next: 'adult' });
    expect(onDateOfBirthGiven('date_of_birth_missing', '2020-01-01', now)).toEqual({ ok: false, refusal: 'tooYoung' });
    for (const state of ['adult', 'consent_given', 'awaiting_consent'] as const) {
      expect(onDateOfBirthGiven(state, '2000-01-01', now)).toEqual({ ok: false, refusal: 'conflict' });
    }
  });
});

describe('onGuardianConsent', () => {
  it('moves awaiting_consent to consent_given and nothing else', () => {
    expect(onGuardianConsent('awaiting_consent')).toEqual({ ok: true, next: 'consent_given' });
    for (const state of ['adult', 'consent_given', 'date_of_birth_missing'] as const) {
      expect(onGuardianConsent(state).ok).toBe(false);
    }
  });
});

describe('onResendRequested', () => {
  it('sends a new link while the student is under 18 and waiting', () => {
    expect(onResendRequested('awaiting_consent', '2010-01-01', now)).toEqual({
      ok: true,
      next: 'awaiting_consent',
      sendLink: true,
    });
  });

  it('makes a student who turned 18 while waiting an adult, with no email', () => {
    expect(onResendRequested('awaiting_consent', '2008-06-15', now)).toEqual({
      ok: true,
      next: 'adult',
      sendLink: false,
    });
    expect(onResendRequested('awaiting_consent', '2008-06-16', now)).toMatchObject({ next: 'awaiting_consent' });
  });

  it('refuses when nothing is awaited', () => {
    for (const state of ['adult', 'consent_given', 'date_of_birth_missing'] as const) {
      expect(onResendRequested(state, '2010-01-01', now)).toEqual({ ok: false, refusal: 'conflict' });
    }
  });
});

describe('links', () => {
  it('last 7 days, work once, and may be sent again a minute after the last', () => {
    const expiresAt = consentLinkExpiry(now);
    expect(expiresAt.toISOString()).toBe('2026-06-22T12:00:00.000Z');
    expect(isConsentLinkUsable({ usedAt: null, expiresAt }, new Date(expiresAt.getTime() - 1))).toBe(true);
    expect(isConsentLinkUsable({ usedAt: null, expiresAt }, expiresAt)).toBe(false);
    expect(isConsentLinkUsable({ usedAt: now, expiresAt }, now)).toBe(false);
    expect(mayResend(null, now)).toBe(true);
    expect(mayResend(new Date(now.getTime() - 59_000), now)).toBe(false);
    expect(mayResend(new Date(now.getTime() - 60_000), now)).toBe(true);
  });
});
