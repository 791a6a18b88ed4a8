import { describe, expect, it } from '@jest/globals';
import {
  RegisterBodySchema,
  ResetPasswordBodySchema,
  SubmitConsultationBodySchema,
  ValidationMessages,
} from '@medtutor/contracts';
import { ApiError } from '../filters/api-error.js';
import { parseBody } from './zod-body.pipe.js';

const failure = (run: () => unknown): ApiError => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a validation error');
};

describe('parseBody', () => {
  it("keeps the spec's first message and lists every invalid field", () => {
    const error = failure(() => parseBody(RegisterBodySchema, { username: '', email: 'nope', password: '123' }));
    expect(error.toBody()).toEqual({
      statusCode: 400,
      code: 'COMMON.VALIDATION_FAILED',
      message: ValidationMessages.usernameRequired,
      errors: [
        { field: 'username', message: ValidationMessages.usernameRequired },
        { field: 'email', message: ValidationMessages.emailInvalid },
        { field: 'password', message: ValidationMessages.passwordMin },
      ],
    });
  });

  it('names the field of a NUL or a line break', () => {
    const error = failure(() =>
      parseBody(SubmitConsultationBodySchema, {
        firstName: 'Sa\u0000m',
        lastName: 'Lee\nBcc: x@example.com',
        phone: '0123456789',
        subjectInterest: 'UCAT',
      }),
    );
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('First name must not contain control characters');
    expect(error.errors).toEqual([
      { field: 'firstName', message: 'First name must not contain control characters' },
      { field: 'lastName', message: 'Last name must not contain control characters' },
    ]);
  });

  it('reports refinements on their field and a missing body as {}', () => {
    const error = failure(() =>
      parseBody(ResetPasswordBodySchema, { token: 't', password: 'pass-word-1', confirmPassword: 'pass-word-2' }),
    );
    expect(error.errors).toEqual([{ field: 'confirmPassword', message: ValidationMessages.passwordsDontMatch }]);
    expect(failure(() => parseBody(RegisterBodySchema, undefined)).errors?.map((e) => e.field)).toEqual([
      'username',
      'email',
      'password',
    ]);
  });
});
