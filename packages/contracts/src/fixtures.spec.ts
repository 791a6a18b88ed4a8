import { describe, expect, it } from '@jest/globals';
import { EventEnvelopeSchema } from './envelope.js';
import { Fixtures } from './fixtures.js';
import {
  LoginBodySchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  StudentNameChangedV1Schema,
  UserDtoSchema,
  UserRegisteredV1Schema,
} from './identity.js';
import { PaymentConflictsDtoSchema } from './payments-schemas.js';

describe('contract fixtures', () => {
  // Each expectation is written out by hand: comparing a parse with the fixture it parsed would pass
  // whatever the schema keeps, drops or rewrites.
  it('a register body parses as the form sends it', () => {
    expect(RegisterBodySchema.parse(Fixtures.registerBody)).toEqual({
      username: 'amelia',
      email: 'amelia@example.com',
      password: 'correct-horse-7',
      firstName: 'Amelia',
      lastName: undefined,
      phone: '07700900123',
    });
  });

  it('a login body and a reset-password body parse unchanged', () => {
    expect(LoginBodySchema.parse(Fixtures.loginBody)).toEqual({
      email: 'amelia@example.com',
      password: 'correct-horse-7',
    });
    expect(ResetPasswordBodySchema.parse(Fixtures.resetPasswordBody)).toEqual({
      token: 'q8yN3V4m1tqJX0b1mJ8fYQ',
      password: 'new-secret-9',
      confirmPassword: 'new-secret-9',
    });
  });

  it('a user parses with every field the frontends read', () => {
    expect(UserDtoSchema.parse(Fixtures.userDto)).toEqual({
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
  });

  it('the user.registered event parses as an envelope whose data is a v1 payload', () => {
    const event = EventEnvelopeSchema.parse(Fixtures.userRegisteredEvent);
    expect(event.type).toBe('identity.user_registered.v1');
    expect(event.version).toBe(1);
    expect(UserRegisteredV1Schema.parse(event.data)).toEqual({
      userId: 7,
      username: 'amelia',
      email: 'amelia@example.com',
      firstName: 'Amelia',
      lastName: null,
      phone: '07700900123',
      role: 'student',
    });
  });

  it('the student_name_changed event parses and carries only the id, the name and the version', () => {
    const event = EventEnvelopeSchema.parse(Fixtures.studentNameChangedEvent);
    expect(event.type).toBe('identity.student_name_changed.v1');
    expect(StudentNameChangedV1Schema.parse(event.data)).toEqual({ userId: 7, name: 'Amelia', version: 1 });
    expect(StudentNameChangedV1Schema.safeParse({ userId: 7, name: '', version: 1 }).success).toBe(false);
    expect(StudentNameChangedV1Schema.safeParse({ userId: 7, name: 'Amelia', version: 0 }).success).toBe(false);
  });

  it('the payment conflicts parse with the buyer, the price and the reason in words', () => {
    const parsed = PaymentConflictsDtoSchema.parse(Fixtures.paymentConflicts);
    expect(parsed.total).toBe(1);
    expect(parsed.conflicts).toEqual([
      {
        paymentId: '6f1c2a7e-3f4b-4c5d-8e9f-0a1b2c3d4e5f',
        userId: 42,
        buyerName: 'Ada Lovelace',
        buyerEmail: 'ada@example.com',
        packageName: '5-Session Package',
        currency: 'GBP',
        amount: 16000,
        formattedPrice: '£160.00',
        discountCode: 'WELCOME30',
        reason: 'Paid after its discount code had gone to another payment',
        paidAt: '2026-11-25T10:05:00.000Z',
      },
    ]);
  });

  it('are rejected by their schemas when a field the consumers rely on is wrong', () => {
    expect(UserDtoSchema.safeParse({ ...Fixtures.userDto, id: 0 }).success).toBe(false);
    expect(UserDtoSchema.safeParse({ ...Fixtures.userDto, role: 'owner' }).success).toBe(false);
    expect(EventEnvelopeSchema.safeParse({ ...Fixtures.userRegisteredEvent, occurredAt: '22/11/2026' }).success).toBe(
      false,
    );
    const [conflict] = Fixtures.paymentConflicts.conflicts;
    expect(
      PaymentConflictsDtoSchema.safeParse({ total: 1, conflicts: [{ ...conflict, paymentId: 'payment-1' }] }).success,
    ).toBe(false);
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
