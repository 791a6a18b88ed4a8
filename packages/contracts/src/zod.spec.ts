/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { UserDtoSchema } from './identity.js';
import { z } from './zod.js';

describe('zod in a browser', () => {
  it('parses without compiling parsers, so the CSP (no unsafe-eval) is never probed', () => {
    expect(z.config().jitless).toBe(true);
  });

  it('still parses and refuses as before', () => {
    const user = {
      id: 1,
      username: 'amelia',
      email: 'amelia@example.com',
      firstName: null,
      lastName: null,
      phone: null,
      freeTrialUsed: false,
      role: 'student',
      isAdmin: false,
    };
    expect(UserDtoSchema.parse({ ...user, extra: 'dropped' })).toEqual(user);
    expect(UserDtoSchema.safeParse({ ...user, id: 0 }).success).toBe(false);
  });
});
