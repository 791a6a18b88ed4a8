import { describe, expect, it } from '@jest/globals';
import { EventEnvelopeSchema } from './envelope.js';
import { Fixtures } from './fixtures.js';
import {
  LoginBodySchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  UserDtoSchema,
  UserRegisteredV1Schema,
} from './identity.js';
import { PaymentConflictsDtoSchema } from './payments-schemas.js';

describe('contract fixtures', () => {
  it('parse under their schemas', () => {
    expect(RegisterBodySchema.parse(Fixtures.registerBody).email).toBe('amelia@example.com');
    expect(LoginBodySchema.parse(Fixtures.loginBody).password).toBe('correct-horse-7');
    expect(ResetPasswordBodySchema.parse(Fixtures.resetPasswordBody).token).toBe(Fixtures.resetPasswordBody.token);
    expect(UserDtoSchema.parse(Fixtures.userDto)).toEqual(Fixtures.userDto);
    const event = EventEnvelopeSchema.parse(Fixtures.userRegisteredEvent);
    expect(UserRegisteredV1Schema.parse(event.data).userId).toBe(7);
    expect(PaymentConflictsDtoSchema.parse(Fixtures.paymentConflicts)).toEqual(Fixtures.paymentConflicts);
  });
});

describe('reset password body', () => {
  it("reports mismatched passwords on confirmPassword with the spec's text", () => {
    const result = ResetPasswordBodySchema.safeParse({ token: 't', password: 'abcdef', confirmPassword: 'abcdeg' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: "Passwords don't match" }),
    ]);
  });

  it('requires the token', () => {
    const result = ResetPasswordBodySchema.safeParse({ token: '', password: 'abcdef', confirmPassword: 'abcdef' });
    expect(result.error?.issues[0]?.message).toBe('Reset token is required');
  });
});

describe('register body', () => {
  it('trims fields and drops empty optional ones', () => {
    const parsed = RegisterBodySchema.parse({
      username: ' amelia ',
      email: ' a@b.co ',
      password: 'secret1',
      firstName: '',
    });
    expect(parsed).toEqual({
      username: 'amelia',
      email: 'a@b.co',
      password: 'secret1',
      firstName: undefined,
      lastName: undefined,
      phone: undefined,
    });
  });

  it('rejects short passwords with the spec text', () => {
    const result = RegisterBodySchema.safeParse({ username: 'a', email: 'a@b.co', password: '12345' });
    expect(result.error?.issues[0]?.message).toBe('Password must be at least 6 characters');
  });
});
