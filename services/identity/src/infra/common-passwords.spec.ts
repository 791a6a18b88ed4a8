import { describe, expect, it } from '@jest/globals';
import { COMMON_PASSWORDS_REFUSED, isCommonPassword } from './common-passwords.js';
import { dictionary } from '@zxcvbn-ts/language-common';

describe('common passwords', () => {
  it('refuses the most common ones whatever their case', () => {
    for (const password of ['password', 'qwerty123', 'Password1', 'LETMEIN', 'iloveyou', '123456789']) {
      expect(isCommonPassword(password)).toBe(true);
    }
  });

  it('accepts passwords that are not on the list', () => {
    for (const password of ['correct-horse-7', 'brand-new-secret-9', 'ChangeMe-Admin-2026']) {
      expect(isCommonPassword(password)).toBe(false);
    }
  });

  it('covers the 10,000 most common passwords the length rule allows', () => {
    const allowed = dictionary['passwords-common'].filter((password) => password.length >= 6);
    expect(allowed.length).toBeGreaterThan(COMMON_PASSWORDS_REFUSED);
    expect(isCommonPassword(allowed[COMMON_PASSWORDS_REFUSED - 1] as string)).toBe(true);
    expect(isCommonPassword(allowed[COMMON_PASSWORDS_REFUSED] as string)).toBe(false);
  });
});
