import { describe, expect, it } from '@jest/globals';
import {
  ForgotPasswordBodySchema,
  LoginBodySchema,
  LoginSecondFactorReplySchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  SecondFactorCodeBodySchema,
  TotpVerifyReplySchema,
  UserDtoSchema,
  VerifyCredentialsReplySchema,
} from './identity.js';
import { ServerMessages, TwoFactorTexts, ValidationMessages as M } from './messages.js';
import { InviteTutorBodySchema, TutorInvitationLinkHours } from './tutor-invitations.js';

const register = {
  username: 'sam',
  email: 'sam@example.com',
  password: 'secret',
  firstName: 'Sam',
  lastName: 'Lee',
  phone: '0123456789',
};
const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('RegisterBodySchema', () => {
  it('trims the text fields and drops empty optional ones', () => {
    expect(RegisterBodySchema.parse({ ...register, username: ' sam ', email: ' sam@example.com ' })).toEqual(register);
    expect(
      RegisterBodySchema.parse({ username: 'sam', email: 'sam@example.com', password: 'secret', firstName: '  ' }),
    ).toEqual({ username: 'sam', email: 'sam@example.com', password: 'secret' });
  });

  it('keeps a password exactly as typed, spaces included', () => {
    expect(RegisterBodySchema.parse({ ...register, password: ' pass word ' }).password).toBe(' pass word ');
  });

  it.each([
    [{ username: '' }, M.usernameRequired],
    [{ username: '   ' }, M.usernameRequired],
    [{ username: undefined }, M.usernameRequired],
    [{ username: 'x'.repeat(51) }, M.usernameTooLong],
    [{ email: '' }, M.emailRequired],
    [{ email: undefined }, M.emailRequired],
    [{ email: 'sam@' }, M.emailInvalid],
    [{ email: `${'x'.repeat(243)}@example.com` }, M.emailInvalid],
    [{ password: undefined }, M.passwordRequired],
    [{ password: 'five5' }, M.passwordMin],
    [{ password: 'x'.repeat(129) }, M.passwordTooLong],
  ])('refuses %j with the spec text', (change, message) => {
    expect(firstMessage(RegisterBodySchema.safeParse({ ...register, ...change }))).toBe(message);
  });

  it('accepts every field at its longest', () => {
    const longest = {
      username: 'x'.repeat(50),
      email: `${'x'.repeat(242)}@example.com`,
      password: 'x'.repeat(128),
      firstName: 'x'.repeat(100),
      lastName: 'x'.repeat(100),
      phone: '1'.repeat(30),
    };
    expect(RegisterBodySchema.parse(longest)).toEqual(longest);
    for (const field of ['firstName', 'lastName'] as const) {
      expect(RegisterBodySchema.safeParse({ ...longest, [field]: 'x'.repeat(101) }).success).toBe(false);
    }
    expect(RegisterBodySchema.safeParse({ ...longest, phone: '1'.repeat(31) }).success).toBe(false);
  });
});

describe('login, forgot and reset password', () => {
  it('checks only that a login password is present', () => {
    expect(LoginBodySchema.parse({ email: 'sam@example.com', password: 'x' })).toEqual({
      email: 'sam@example.com',
      password: 'x',
    });
    expect(firstMessage(LoginBodySchema.safeParse({ email: 'sam@example.com', password: '' }))).toBe(
      M.passwordRequired,
    );
    expect(firstMessage(LoginBodySchema.safeParse({ email: 'sam@example.com' }))).toBe(M.passwordRequired);
    expect(firstMessage(LoginBodySchema.safeParse({ email: 'sam@example.com', password: 'x'.repeat(129) }))).toBe(
      M.passwordTooLong,
    );
    expect(firstMessage(ForgotPasswordBodySchema.safeParse({ email: 'nope' }))).toBe(M.emailInvalid);
  });

  it.each([
    [{ token: '' }, M.resetTokenRequired],
    [{ token: undefined }, M.resetTokenRequired],
    [{ token: 'x'.repeat(257) }, undefined],
    [{ password: undefined }, M.passwordMin],
    [{ password: 'short', confirmPassword: 'short' }, M.passwordMin],
    [{ password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) }, M.passwordTooLong],
    [{ confirmPassword: undefined }, M.passwordConfirmationRequired],
    [{ confirmPassword: 'short' }, M.passwordConfirmationRequired],
  ])('refuses the reset %j', (change, message) => {
    const result = ResetPasswordBodySchema.safeParse({
      token: 't'.repeat(256),
      password: 'secret',
      confirmPassword: 'secret',
      ...change,
    });
    expect(result.success).toBe(false);
    if (message) expect(firstMessage(result)).toBe(message);
  });
});

describe('users and second factor', () => {
  const user = {
    id: 7,
    username: 'amelia',
    email: 'amelia@example.com',
    firstName: null,
    lastName: null,
    phone: null,
    freeTrialUsed: true,
    role: 'admin',
    isAdmin: true,
  };

  it('shapes the user the client sees and the credentials check', () => {
    expect(UserDtoSchema.parse(user)).toEqual(user);
    const reply = { ...user, totpEnabled: true, totpEnrolmentRequired: false };
    expect(VerifyCredentialsReplySchema.parse(reply)).toEqual(reply);
    expect(UserDtoSchema.safeParse({ ...user, role: 'owner' }).success).toBe(false);
  });

  it.each(['123456', ' 654321 ', 'abcde-fghij', 'ABCDE234567'.slice(0, 10), 'a2b3c-d4e5f'])(
    'accepts the code %j',
    (code) => {
      expect(SecondFactorCodeBodySchema.parse({ code })).toEqual({ code: code.trim() });
    },
  );

  it.each([
    ['', TwoFactorTexts.codeRequired],
    [undefined, TwoFactorTexts.codeRequired],
    ['12345', ServerMessages.secondFactorInvalid],
    ['1234567', ServerMessages.secondFactorInvalid],
    ['abcde-fghi1', ServerMessages.secondFactorInvalid],
    ['abcde--fghij', ServerMessages.secondFactorInvalid],
    ['x123456', ServerMessages.secondFactorInvalid],
    ['1'.repeat(33), ServerMessages.secondFactorInvalid],
  ])('refuses the code %j', (code, message) => {
    expect(firstMessage(SecondFactorCodeBodySchema.safeParse({ code }))).toBe(message);
  });

  it('names the second steps of a sign-in', () => {
    expect(LoginSecondFactorReplySchema.shape.secondFactor.options).toEqual(['verify', 'enrol']);
    expect(TotpVerifyReplySchema.shape.method.options).toEqual(['totp', 'recovery']);
  });
});

describe('tutor invitations', () => {
  const invite = { email: ' ada@example.com ', firstName: ' Ada ', lastName: 'Tutor', tutorId: '4' };

  it('trims the names and reads the tutor id from a form', () => {
    expect(InviteTutorBodySchema.parse(invite)).toEqual({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Tutor',
      tutorId: 4,
    });
  });

  it.each([
    [{ firstName: 'A' }, M.firstNameMin],
    [{ firstName: 'x'.repeat(101) }, M.firstNameMin],
    [{ lastName: ' B ' }, M.lastNameMin],
    [{ email: '' }, M.emailRequired],
    [{ email: 'ada' }, M.emailInvalid],
  ])('refuses %j', (change, message) => {
    expect(firstMessage(InviteTutorBodySchema.safeParse({ ...invite, ...change }))).toBe(message);
  });

  it('refuses a tutor id that names no row, and the link lasts a week', () => {
    expect(InviteTutorBodySchema.safeParse({ ...invite, tutorId: '0' }).success).toBe(false);
    expect(InviteTutorBodySchema.safeParse({ ...invite, tutorId: '1.5' }).success).toBe(false);
    expect(TutorInvitationLinkHours).toBe(168);
  });
});
