import { Limits } from '@medtutor/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the most common passwords are refused. */
export const COMMON_PASSWORDS_REFUSED = 10_000;

let refused: Set<string> | undefined;

/**
 * zxcvbn-ts's list is ordered by frequency in leaked-password corpora and lower-cased. Passwords
 * shorter than the spec's minimum never get this far, so the 10,000 refused are the most common
 * ones the length rule lets through. Built on first use: the list is large and only identity needs it.
 */
function refusedPasswords(): Set<string> {
  refused ??= new Set(
    dictionary['passwords-common']
      .filter((password) => password.length >= Limits.passwordMin)
      .slice(0, COMMON_PASSWORDS_REFUSED),
  );
  return refused;
}

/** Case does not make a common password uncommon: `Password1` is `password1`. */
export const isCommonPassword = (password: string): boolean => refusedPasswords().has(password.toLowerCase());
