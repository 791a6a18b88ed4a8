/** The business's display identity, kept in one place so a rename touches one file. */
export const site = {
  name: 'MedPath Tutors',
  description:
    'One-to-one online tutoring by medical students for UCAT, medical school interviews and medical school support. Start with a free trial session.',
} as const;
