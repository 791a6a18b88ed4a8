/** Numeric limits of docs/product.md §9 and the platform's own bounds. */
export const Limits = {
  passwordMin: 6,
  /** Upper bound keeps hashing cost bounded; OWASP asks to allow at least 64. */
  passwordMax: 128,
  usernameMax: 50,
  emailMax: 254,
  nameMax: 100,
  phoneMax: 30,
  noticeDurationMs: 5000,
  maxNotices: 1,
  passwordResetRedirectMs: 2000,
  /** Reset links expire after this many minutes. */
  resetTokenTtlMinutes: 30,
} as const;
