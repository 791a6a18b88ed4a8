import { type CatalogSubject, CatalogSubjects, isSubjectAvailable } from '@medtutor/contracts';

/**
 * The public pages' own texts about each subject (docs/product.md §1 and §2). Prices, savings, package
 * names, hours, currencies and availability are not here: they come from the contracts' catalog, the
 * table the server charges from (lib/catalog.ts), so a page can never show a figure checkout does not.
 */
interface SubjectPageTexts {
  path: string;
  summary: string;
  about: string;
  offerings: string[];
}

export interface SubjectOffering extends SubjectPageTexts {
  /** The catalog's subject name, which is also the page's title. */
  title: CatalogSubject;
  available: boolean;
}

// A record over every catalog subject: a subject added to the contracts fails the typecheck until it has a page.
const subjectPages: Record<CatalogSubject, SubjectPageTexts> = {
  UCAT: {
    path: '/ucat',
    summary: 'Preparation for the University Clinical Aptitude Test, the admissions test for medical school.',
    about:
      'Our UCAT tutoring prepares you for the admissions test with one-to-one online sessions led by medical students who have been through it themselves.',
    offerings: [
      'One-to-one online UCAT preparation',
      'Mock exams under timed conditions',
      'Personalised lessons built around your goals',
    ],
  },
  'Medical School Interviews': {
    path: '/medical-school-interviews',
    summary: 'Practice for multiple mini interviews, panel interviews and ethics questions.',
    about:
      'Interview tutoring covers every format medical schools use, with mock interviews and feedback from medical students, including an interview panelist.',
    offerings: [
      'Multiple mini interviews (MMIs)',
      'Panel interviews',
      'Ethics scenarios',
      'Mock interviews with feedback',
    ],
  },
  'Medical School Support': {
    path: '/medical-school-support',
    summary: 'Support through medical school across the specialties you study.',
    about:
      'Medical School Support helps current medical students with the specialties they study, taught one to one by senior medical students.',
    offerings: ['Neurology', 'Cardiology', 'Gastroenterology', 'Pulmonology', 'Nephrology', 'Oncology'],
  },
};

/** The subject pages in the catalog's order, each marked available as the server sells it. */
export const subjects: SubjectOffering[] = CatalogSubjects.map((title) => ({
  title,
  available: isSubjectAvailable(title),
  ...subjectPages[title],
}));

/** Every paid plan includes these (docs/product.md §9). */
export const paidPlanFeatures = [
  '1-on-1 expert online tutoring',
  'Personalised lessons',
  'Support through our messaging app',
  'Mock exams and interviews',
];

export const freeTrial = {
  duration: '15-30 minutes',
  features: [
    'Meet your tutor',
    'Discuss your goals and needs',
    'No commitment required',
    'Personalised recommendations',
  ],
} as const;
