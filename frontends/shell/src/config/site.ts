/** The business's display identity, kept in one place so a rename touches one file. */
export const site = {
  name: 'MedPath Tutors',
} as const;
