/**
 * What the public pages show about the subjects and packages (spec sections 1, 2 and 9). The price a
 * buyer pays is decided by the server's quote at checkout; these figures are the published list.
 */
export const packageTypes = ['singleSession', 'package5', 'package10'] as const;
export type PackageType = (typeof packageTypes)[number];

export const currencies = ['GBP', 'USD', 'EUR', 'CHF', 'CAD', 'AUD', 'JPY'] as const;
export type Currency = (typeof currencies)[number];

export const packageLabels: Record<PackageType, string> = {
  singleSession: 'Single Session',
  package5: '5-Session Package',
  package10: '10-Session Package',
};

export interface SubjectOffering {
  title: string;
  path: string;
  available: boolean;
  summary: string;
  about: string;
  offerings: string[];
  /** List prices in whole pounds. */
  prices: Record<PackageType, number>;
  /** Saving against buying the hours one by one, in whole pounds. */
  savings: Record<Exclude<PackageType, 'singleSession'>, number>;
}

export const subjects: SubjectOffering[] = [
  {
    title: 'UCAT',
    path: '/ucat',
    available: false,
    summary: 'Preparation for the University Clinical Aptitude Test, the admissions test for medical school.',
    about:
      'Our UCAT tutoring prepares you for the admissions test with one-to-one online sessions led by medical students who have been through it themselves.',
    offerings: [
      'One-to-one online UCAT preparation',
      'Mock exams under timed conditions',
      'Personalised lessons built around your goals',
    ],
    prices: { singleSession: 40, package5: 190, package10: 360 },
    savings: { package5: 10, package10: 40 },
  },
  {
    title: 'Medical School Interviews',
    path: '/medical-school-interviews',
    available: true,
    summary: 'Practice for multiple mini interviews, panel interviews and ethics questions.',
    about:
      'Interview tutoring covers every format medical schools use, with mock interviews and feedback from medical students, including an interview panelist.',
    offerings: [
      'Multiple mini interviews (MMIs)',
      'Panel interviews',
      'Ethics scenarios',
      'Mock interviews with feedback',
    ],
    prices: { singleSession: 40, package5: 190, package10: 360 },
    savings: { package5: 10, package10: 40 },
  },
  {
    title: 'Medical School Support',
    path: '/medical-school-support',
    available: true,
    summary: 'Support through medical school across the specialties you study.',
    about:
      'Medical School Support helps current medical students with the specialties they study, taught one to one by senior medical students.',
    offerings: ['Neurology', 'Cardiology', 'Gastroenterology', 'Pulmonology', 'Nephrology', 'Oncology'],
    prices: { singleSession: 50, package5: 240, package10: 460 },
    savings: { package5: 10, package10: 40 },
  },
];

/** Every paid plan includes these (spec section 9). */
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
