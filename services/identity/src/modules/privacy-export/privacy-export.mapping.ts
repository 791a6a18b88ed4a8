import type { IdentityExport } from '@medtutor/contracts';
import type { IdentityRecords } from './privacy-export.repository.js';

/**
 * Identity's section of the export. Fields are picked one by one: the password hash, TOTP secrets,
 * recovery-code, reset-token and consent-link hashes never leave, whatever is added to the tables later.
 */
export function toIdentityExport(records: IdentityRecords): IdentityExport {
  const { user } = records;
  return {
    account: {
      id: user.id,
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      role: user.role,
      freeTrialUsed: user.freeTrialUsed,
      dateOfBirth: user.dateOfBirth?.toISOString().slice(0, 10) ?? null,
      consentState: user.consentState,
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
    },
    twoFactor: {
      enrolled: user.totpEnabledAt !== null,
      enrolledAt: user.totpEnabledAt?.toISOString() ?? null,
      recoveryCodesLeft: user.totpEnabledAt ? records.unusedRecoveryCodes : 0,
      resets: records.secondFactorResets.map((reset) => ({ resetAt: reset.resetAt.toISOString() })),
    },
    guardianConsent: records.guardianConsent && {
      guardianName: records.guardianConsent.guardianName,
      guardianEmail: records.guardianConsent.guardianEmail,
      requestedAt: records.guardianConsent.requestedAt.toISOString(),
      consentedAt: records.guardianConsent.consentedAt?.toISOString() ?? null,
    },
    guardianConsentLinks: records.guardianConsentLinks.map((link) => ({
      sentAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
      usedAt: link.usedAt?.toISOString() ?? null,
    })),
    passwordResets: records.passwordResets.map((reset) => ({
      requestedAt: reset.createdAt.toISOString(),
      expiresAt: reset.expiresAt.toISOString(),
      usedAt: reset.usedAt?.toISOString() ?? null,
    })),
    emailsSent: records.emails,
  };
}
