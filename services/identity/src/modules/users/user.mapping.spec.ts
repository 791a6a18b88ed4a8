import { describe, expect, it } from '@jest/globals';
import { UserDtoSchema, UserRegisteredV1Schema } from '@medtutor/contracts';
import type { User } from '../../generated/prisma/client.js';
import { normaliseEmail, toUserDto, toUserRegisteredV1 } from './user.mapping.js';

const user: User = {
  id: 7,
  username: 'amelia',
  email: 'amelia@example.com',
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
  firstName: 'Amelia',
  lastName: null,
  phone: '07700900123',
  freeTrialUsed: false,
  role: 'student',
  createdAt: new Date('2026-11-22T09:00:00Z'),
  updatedAt: new Date('2026-11-22T09:00:00Z'),
  sessionsValidAfter: null,
  totpSecret: 'v1.secret',
  totpPendingSecret: null,
  totpEnabledAt: null,
  totpLastStep: null,
  totpEnrolmentRequired: false,
  nameAnnouncedVersion: 1,
  dateOfBirth: new Date('2008-05-01T00:00:00Z'),
  consentState: 'awaiting_consent',
  consentVersion: 1,
};

describe('toUserDto', () => {
  it('maps a user to the contract DTO without the password hash or timestamps', () => {
    const dto = toUserDto(user);
    expect(UserDtoSchema.strict().parse(dto)).toEqual({
      id: 7,
      username: 'amelia',
      email: 'amelia@example.com',
      firstName: 'Amelia',
      lastName: null,
      phone: '07700900123',
      freeTrialUsed: false,
      role: 'student',
      isAdmin: false,
    });
    expect(JSON.stringify(dto)).not.toContain('argon2');
  });

  it.each([
    ['admin', true],
    ['tutor', false],
    ['student', false],
  ] as const)('derives isAdmin from role %s', (role, isAdmin) => {
    expect(toUserDto({ ...user, role }).isAdmin).toBe(isAdmin);
  });
});

describe('toUserRegisteredV1', () => {
  it('carries the public profile under the event schema', () => {
    expect(UserRegisteredV1Schema.strict().parse(toUserRegisteredV1(user))).toEqual({
      userId: 7,
      username: 'amelia',
      email: 'amelia@example.com',
      firstName: 'Amelia',
      lastName: null,
      phone: '07700900123',
      role: 'student',
    });
  });
});

describe('normaliseEmail', () => {
  it('lower-cases and trims, so addresses differing only in case are one account', () => {
    expect(normaliseEmail(' Amelia@Example.COM ')).toBe('amelia@example.com');
  });
});
