import { describe, expect, it } from '@jest/globals';
import { CODE_ALPHABET, CODE_LENGTH, generateDiscountCode } from './discount-code-generator.js';

describe('generateDiscountCode', () => {
  it('draws 8 characters from the unambiguous alphabet', () => {
    const codes = Array.from({ length: 200 }, generateDiscountCode);

    for (const code of codes) {
      expect(code).toHaveLength(CODE_LENGTH);
      expect([...code].every((char) => CODE_ALPHABET.includes(char))).toBe(true);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('leaves out characters that are easy to confuse', () => {
    expect(CODE_ALPHABET).not.toMatch(/[0O1IL5S2Z]/);
  });
});
