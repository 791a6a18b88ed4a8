/*
 * Where a domain has both, its zod-free constants, texts and functions live in `<domain>.ts` and its
 * zod schemas in `<domain>-schemas.ts`: with `"sideEffects": false` a bundle that imports only the
 * former (the shell's public pages: prices, texts, limits) leaves the schemas and zod out.
 */
export * from './subjects.js';
export * from './consumers.js';
export * from './envelope.js';
export * from './errors.js';
export * from './errors-schemas.js';
export * from './messages.js';
export * from './limits.js';
export * from './text.js';
export * from './identity.js';
export * from './consent.js';
export * from './consent-schemas.js';
export * from './cookies.js';
export * from './catalog.js';
export * from './catalog-schemas.js';
export * from './discounts.js';
export * from './discounts-schemas.js';
export * from './payments.js';
export * from './payments-schemas.js';
export * from './tutoring.js';
export * from './tutoring-schemas.js';
export * from './bookings.js';
export * from './bookings-schemas.js';
export * from './zoned-time.js';
export * from './calendar-feeds.js';
export * from './reviews.js';
export * from './reviews-schemas.js';
export * from './payroll.js';
export * from './tutor-invitations.js';
export * from './fixtures.js';
export * from './refunds.js';
export * from './page-settings.js';
export * from './two-factor.js';
export * from './two-factor-schemas.js';
export * from './privacy-export.js';
export * from './privacy-export-schemas.js';
export * from './privacy-erasure.js';
export * from './privacy-erasure-schemas.js';
