import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L or 5/S/2/Z look-alikes, so a code read aloud or copied by hand survives. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRTUVWXY346789';
export const CODE_LENGTH = 8;

/** 27^8 ≈ 2.8 × 10^11 codes: guessing one is impractical and collisions are rare (and retried). */
export const generateDiscountCode = (): string =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
