/**
 * The two-factor lifecycle beyond enrolment (issue 24): re-enrolment, new recovery codes, turning it
 * off, an admin's reset. Its rule, texts and emails live here, apart from the enrolment's own texts
 * (`TwoFactorTexts`), so identity, the gateway and the shell read one copy.
 */
import type { Role } from './envelope.js';

/** Roles whose accounts must have a second factor in production (staff see students' data, feed payroll). */
export const SECOND_FACTOR_REQUIRED_ROLES: readonly Role[] = ['admin', 'tutor'];

/**
 * Whether an account must have a second factor: staff in production, and any account an admin reset
 * (until it enrols again). Such an account is sent to enrolment at sign-in and may not turn it off.
 */
export function secondFactorRequired(account: {
  role: Role;
  production: boolean;
  enrolmentRequired: boolean;
}): boolean {
  return account.enrolmentRequired || (account.production && SECOND_FACTOR_REQUIRED_ROLES.includes(account.role));
}

/**
 * The step after a correct password: `verify` when the account has a second factor, `enrol` when it
 * must have one and has none, null when the password alone signs in.
 */
export function secondFactorStage(account: {
  role: Role;
  production: boolean;
  enrolmentRequired: boolean;
  totpEnabled: boolean;
}): 'verify' | 'enrol' | null {
  if (account.totpEnabled) return 'verify';
  return secondFactorRequired(account) ? 'enrol' : null;
}

/** What the account's owner is told by email after each change of their second factor. */
export type SecondFactorChange =
  'enrolled' | 're_enrolled' | 'recovery_codes_regenerated' | 'disabled' | 'reset_by_admin';

const notYou =
  'If this was not you, reset your password at once and contact us: someone may have your password and your codes.';

export const SecondFactorEmails: Record<SecondFactorChange, { subject: string; body: string }> = {
  enrolled: {
    subject: 'Two-factor authentication turned on',
    body: 'Two-factor authentication is now on for your account: every sign-in asks for a code from your authenticator app.',
  },
  re_enrolled: {
    subject: 'New authenticator for your account',
    body: 'Your account now uses a new authenticator app. Codes from the previous one no longer work, and your old recovery codes were replaced.',
  },
  recovery_codes_regenerated: {
    subject: 'New recovery codes for your account',
    body: 'New recovery codes were made for your account. The previous recovery codes no longer work.',
  },
  disabled: {
    subject: 'Two-factor authentication turned off',
    body: 'Two-factor authentication is now off for your account: the password alone signs you in.',
  },
  reset_by_admin: {
    subject: 'Your two-factor authentication was reset',
    body: 'An administrator reset the two-factor authentication of your account, and every session of your account was ended. At your next sign-in you will set up an authenticator app again.',
  },
};

export const secondFactorEmailText = (change: SecondFactorChange) => ({
  subject: SecondFactorEmails[change].subject,
  paragraphs: [SecondFactorEmails[change].body, notYou],
});

/** Server messages of the lifecycle (the enrolment's own are in `ServerMessages`). */
export const SecondFactorMessages = {
  /** A wrong password and a wrong code get one answer, so a stolen session cannot tell which was right. */
  changeRefused: 'Wrong password or authentication code',
  required: 'Two-factor authentication is required for your account and cannot be turned off',
  notEnabled: 'Two-factor authentication is not on',
  reEnrolNotStarted: 'Start again: no new authenticator is waiting to be confirmed',
  ownReset: 'Change your own two-factor authentication from Account security',
  resetDone: 'Two-factor authentication reset: the account must set it up again at its next sign-in',
} as const;

/** Texts of /account/security's lifecycle actions and of the admin's reset button. */
export const SecondFactorLifecycleTexts = {
  passwordLabel: 'Current password',
  currentCodeLabel: 'Current code',
  currentCodeHelp: 'A code from your current authenticator app, or one of your recovery codes.',
  reEnrolButton: 'Use a new authenticator',
  reEnrolHelp:
    'Moves two-factor authentication to a new phone or app. The old one stops working once the new one is confirmed.',
  regenerateButton: 'New recovery codes',
  regenerateHelp: 'Replaces all your recovery codes. The old ones stop working.',
  disableButton: 'Turn off two-factor authentication',
  disableHelp: 'Your password alone will sign you in.',
  requiredNote: 'Your account must keep two-factor authentication on.',
  cancel: 'Cancel',
  continueButton: 'Continue',
  newAuthenticatorTitle: 'Confirm the new authenticator',
  reEnrolledTitle: 'New authenticator confirmed',
  regeneratedTitle: 'New recovery codes made',
  disabledTitle: 'Two-factor authentication turned off',
  adminResetButton: 'Reset 2FA',
  adminResetConfirm: 'Reset this account’s two-factor authentication?',
  adminResetDescription: 'Their sessions end at once and they must set up an authenticator at their next sign-in.',
  adminResetDoneTitle: 'Two-factor authentication reset',
  adminResetFailedTitle: 'Reset failed',
} as const;
