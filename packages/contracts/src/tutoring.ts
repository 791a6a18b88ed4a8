import { CatalogSubjects } from './catalog.js';

/** docs/product.md §3: the four subject values of the exam-date and consultation forms. */
export const ConsultationSubjects = [...CatalogSubjects, 'Medical School Exams'] as const;
export type ConsultationSubject = (typeof ConsultationSubjects)[number];

/** docs/product.md §9: hours move in steps of 0.5. */
export const HoursStep = 0.5;
export const isHalfHourStep = (hours: number): boolean => Number.isFinite(hours) && Number.isInteger(hours / HoursStep);
/** docs/product.md §4: dual tutors only for packages of at least 10 hours. */
export const DualTutorMinimumHours = 10;
/** docs/product.md §5: scheduling durations a student may book from a package, in hours. */
export const SessionDurationsHours = [1, 1.5, 2] as const;

export const FreeTrialSubjectPrefix = 'FREE TRIAL - ';
/** The subject a free-trial request asks about: its subjectInterest without the form's prefix. */
export const freeTrialSubjectOf = (subjectInterest: string): string =>
  subjectInterest.startsWith(FreeTrialSubjectPrefix)
    ? subjectInterest.slice(FreeTrialSubjectPrefix.length)
    : subjectInterest;
export const freeTrialAdditionalInfo = (subject: string): string =>
  `This is a free trial session request for ${subject}. Please contact me through your messaging app to arrange it.`;

export const TutoringMessages = {
  consultationReceived: 'Consultation request submitted successfully!',
  freeTrialReceived: 'Free trial request submitted successfully! We will contact you within 24 hours.',
  packageNotFound: 'Session package not found',
  dualTutorsNeedTenHours: `Dual tutors are available only for packages of ${DualTutorMinimumHours} hours or more`,
  examDateInvalid: 'Please enter a valid date',
  hoursNotANumber: 'Please enter the used hours as a number',
} as const;

/** usage: hours used or corrected; refund: hours taken back by a refund; dispute: a hold put on or lifted. */
export const LedgerEntryKinds = ['usage', 'refund', 'dispute'] as const;
export type LedgerEntryKind = (typeof LedgerEntryKinds)[number];

export const isFreeTrialRequest = (body: unknown): boolean => {
  const subject = (body as { subjectInterest?: unknown } | null)?.subjectInterest;
  return typeof subject === 'string' && subject.trimStart().startsWith(FreeTrialSubjectPrefix);
};

/** Messages of the tutor directory and the tutor's delivered-session form. */
export const TutorDirectoryMessages = {
  nameRequired: 'Tutor name is required',
  specialtyRequired: 'Specialty is required',
  tutorNotFound: 'Tutor not found',
  notEnoughHours: (remaining: number) => `Only ${remaining} hours remain on this package`,
  durationInvalid: `Please choose a duration of ${SessionDurationsHours.join(', ')} hours`,
} as const;

/**
 * Texts of a deactivated tutor (issue 24): a dismissed tutor's sign-in, session and every tutor
 * action are refused with `deactivated`; the admin's Students tab tags their packages.
 */
export const TutorDeactivationMessages = {
  deactivated:
    'Your tutor account has been deactivated, so you can no longer sign in or use the tutor portal. Please contact the MedPath team if you think this is a mistake.',
  reassignTag: 'Tutor deactivated – reassign',
  reassignHint: 'The tutor of this package was deactivated: assign another tutor.',
} as const;
