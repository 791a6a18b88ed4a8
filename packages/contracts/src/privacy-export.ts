import { ServiceNames } from './subjects.js';
import type { PersonalDataExport } from './privacy-export-schemas.js';
/*
 * Issue 26, part 1: `GET /api/me/export`, the signed-in user's personal data (UK GDPR rights of access
 * and portability). Each service answers `<service>.export_personal_data` with its own section; the
 * gateway puts the five together under a header, or answers 503 when any one fails (never a partial
 * file that looks complete).
 *
 * Who: the user of the signed actor (students, tutors and admins alike export their own data only).
 * Records that are not keyed by a user id (consultation and trial requests, bookings made for a trial
 * request, testimonials sent while signed out, emails sent) are matched by the account's email
 * address, case-insensitively; the gateway reads it from identity's section and passes it on.
 *
 * Never exported, by design of these schemas (the gateway parses every section with them, which
 * strips anything they do not name): password hashes, TOTP secrets and recovery-code hashes, reset,
 * invitation and calendar-feed tokens or their hashes, session ids, payment client secrets, and the
 * bodies of emails (cleared once sent; an unsent one may hold a live reset link).
 */

/** Bumped when a field is renamed or removed; adding a field keeps the version. */
export const PrivacyExportFormatVersion = 1;

/** The file's name as the browser saves it: `medpath-data-<YYYY-MM-DD>.json`. */
export const privacyExportFileName = (generatedAt: Date): string =>
  `medpath-data-${generatedAt.toISOString().slice(0, 10)}.json`;

/**
 * The categories of the privacy policy's "Data We Collect" section, each with the sections that hold
 * it, and what the file cannot hold.
 */
export const PrivacyExportDataCategories = [
  { category: 'Account details (username, name, email address, phone number)', sections: ['identity'] },
  { category: 'Consultation and free-trial requests', sections: ['tutoring'] },
  { category: 'Tutoring packages, hours used and exam dates', sections: ['tutoring', 'payroll'] },
  { category: 'Bookings of tutoring sessions', sections: ['tutoring'] },
  { category: 'Payments, refunds and discount codes', sections: ['catalog-payments'] },
  { category: 'Success stories (testimonials)', sections: ['reviews'] },
  { category: 'Emails we sent you (subject and time)', sections: ['identity', 'catalog-payments', 'tutoring'] },
  { category: 'Timesheets and payslips (tutors)', sections: ['payroll'] },
] as const satisfies ReadonlyArray<{ category: string; sections: readonly (typeof ServiceNames)[number][] }>;

/** Held outside this platform, so not in the file; the header says how to ask for it. */
export const PrivacyExportNotIncluded = [
  'Recordings of tutoring sessions (kept by our video provider for at most 24 months): email support to receive them.',
  'Card details: entered into our payment provider’s form, never stored by us.',
] as const;

/** The route the dashboards download from. */
export const PrivacyExportPath = '/api/me/export';

/** The "Download my data" action on the student dashboard and the tutor portal. */
export const PrivacyExportTexts = {
  heading: 'Your Data',
  description:
    'Download a copy of the personal data we hold about you (your account, packages and hours, bookings, payments, success stories, requests and the emails we sent you) as a JSON file.',
  button: 'Download My Data',
  failedTitle: 'Download failed',
} as const;

export const PrivacyExportMessages = {
  unavailable:
    'Your data export could not be completed because part of the service is unavailable. Please try again in a few minutes.',
} as const;

/** The file's header: what it is, when it was made, for whom, what it holds and what it cannot. */
export const personalDataExportHeader = (userId: number, generatedAt: Date): PersonalDataExport['export'] => ({
  formatVersion: PrivacyExportFormatVersion,
  generatedAt: generatedAt.toISOString(),
  userId,
  services: [...ServiceNames],
  dataCategories: PrivacyExportDataCategories.map(({ category, sections }) => ({ category, sections: [...sections] })),
  notIncluded: [...PrivacyExportNotIncluded],
});
