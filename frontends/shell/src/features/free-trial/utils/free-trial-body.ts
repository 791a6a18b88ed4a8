import {
  CatalogSubjects,
  FreeTrialBodySchema,
  FreeTrialSubjectPrefix,
  UnavailableSubjects,
  freeTrialAdditionalInfo,
} from '@medtutor/contracts';
import type { z } from 'zod';

export type FreeTrialRequest = z.output<typeof FreeTrialBodySchema>;

/** The subjects a trial is offered for (what FreeTrialFacts promises): those on sale. */
export const freeTrialSubjects = CatalogSubjects.filter((subject) => !UnavailableSubjects.includes(subject));

export const freeTrialSubjectOptions = freeTrialSubjects.map((subject) => ({ value: subject, label: subject }));

/**
 * The /contact form's values as the server takes them (spec section 7): validated by the free-trial
 * rules, the subject prefixed 'FREE TRIAL - ', and an empty additionalInfo replaced by the default text.
 */
export function toFreeTrialBody(values: unknown): FreeTrialRequest {
  const parsed = FreeTrialBodySchema.parse(values);
  return {
    ...parsed,
    subjectInterest: `${FreeTrialSubjectPrefix}${parsed.subjectInterest}`,
    additionalInfo: parsed.additionalInfo || freeTrialAdditionalInfo(parsed.subjectInterest),
  };
}
