import { describe, expect, it } from '@jest/globals';
import { IdentityExportSchema } from '@medtutor/contracts';
import type { User } from '../../generated/prisma/client.js';
import { toIdentityExport } from './privacy-export.mapping.js';
import type { IdentityRecords } from './privacy-export.repository.js';

const user: User = {
  id: 7,
  username: 'amelia',
  email: 'amelia@example.com',
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
  firstName: 'Amelia',
  lastName: 'Hart',
  phone: '07700900123',
  freeTrialUsed: true,
  role: 'student',
  createdAt: new Date('2026-01-05T09:00:00Z'),
  updatedAt: new Date('2026-01-06T09:00:00Z'),
  sessionsValidAfter: new Date('2026-01-06T09:00:00Z'),
  totpSecret: 'v1.totp-secret-ciphertext',
  totpPendingSecret: 'v1.pending-secret-ciphertext',
  totpEnabledAt: new Date('2026-01-07T10:00:00Z'),
  totpLastStep: 123n,
  totpEnrolmentRequired: false,
  nameAnnouncedVersion: 1,
  dateOfBirth: new Date('2010-04-02T00:00:00Z'),
  consentState: 'consent_given',
  consentVersion: 1,
};

const records: IdentityRecords = {
  user,
  unusedRecoveryCodes: 8,
  secondFactorResets: [{ id: 1, userId: 7, resetByUserId: 1, resetAt: new Date('2026-01-08T10:00:00Z') }],
  passwordResets: [
    {
      id: 3,
      userId: 7,
      email: 'amelia@example.com',
      tokenHash: 'reset-token-hash',
      createdAt: new Date('2026-01-09T10:00:00Z'),
      expiresAt: new Date('2026-01-09T11:00:00Z'),
      usedAt: null,
    },
  ],
  guardianConsent: {
    userId: 7,
    guardianName: 'Jo Hart',
    guardianEmail: 'jo@example.com',
    requestedAt: new Date('2026-01-05T09:00:00Z'),
    consentedAt: new Date('2026-01-05T18:00:00Z'),
  },
  guardianConsentLinks: [
    {
      id: 4,
      userId: 7,
      tokenHash: 'consent-token-hash',
      createdAt: new Date('2026-01-05T09:00:00Z'),
      expiresAt: new Date('2026-01-12T09:00:00Z'),
      usedAt: new Date('2026-01-05T18:00:00Z'),
    },
  ],
  emails: [{ subject: 'Reset your password', queuedAt: '2026-01-09T10:00:00.000Z', sentAt: null, failedAt: null }],
};

describe('toIdentityExport', () => {
  it('exports the account, the second factor, reset requests and emails under the strict schema', () => {
    const exported = IdentityExportSchema.strict().parse(toIdentityExport(records));
    expect(exported.account).toEqual({
      id: 7,
      username: 'amelia',
      email: 'amelia@example.com',
      firstName: 'Amelia',
      lastName: 'Hart',
      phone: '07700900123',
      role: 'student',
      freeTrialUsed: true,
      dateOfBirth: '2010-04-02',
      consentState: 'consent_given',
      createdAt: '2026-01-05T09:00:00.000Z',
      updatedAt: '2026-01-06T09:00:00.000Z',
    });
    expect(exported.twoFactor).toEqual({
      enrolled: true,
      enrolledAt: '2026-01-07T10:00:00.000Z',
      recoveryCodesLeft: 8,
      resets: [{ resetAt: '2026-01-08T10:00:00.000Z' }],
    });
    expect(exported.passwordResets).toEqual([
      { requestedAt: '2026-01-09T10:00:00.000Z', expiresAt: '2026-01-09T11:00:00.000Z', usedAt: null },
    ]);
    expect(exported.emailsSent).toEqual(records.emails);
  });

  it("exports the guardian's consent and the links sent, without their tokens", () => {
    const exported = toIdentityExport(records);
    expect(exported.guardianConsent).toEqual({
      guardianName: 'Jo Hart',
      guardianEmail: 'jo@example.com',
      requestedAt: '2026-01-05T09:00:00.000Z',
      consentedAt: '2026-01-05T18:00:00.000Z',
    });
    expect(exported.guardianConsentLinks).toEqual([
      { sentAt: '2026-01-05T09:00:00.000Z', expiresAt: '2026-01-12T09:00:00.000Z', usedAt: '2026-01-05T18:00:00.000Z' },
    ]);
    expect(
      toIdentityExport({ ...records, guardianConsent: null, guardianConsentLinks: [] }).guardianConsent,
    ).toBeNull();
  });

  it('never carries a secret: password hash, TOTP secrets, token hashes or who reset the factor', () => {
    const text = JSON.stringify(toIdentityExport(records));
    for (const secret of [
      'argon2',
      'totp-secret',
      'pending-secret',
      'reset-token-hash',
      'consent-token-hash',
      'resetByUserId',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('reports no second factor and no recovery codes when none is enrolled', () => {
    const exported = toIdentityExport({ ...records, user: { ...user, totpEnabledAt: null }, unusedRecoveryCodes: 3 });
    expect(exported.twoFactor).toMatchObject({ enrolled: false, enrolledAt: null, recoveryCodesLeft: 0 });
  });
});
