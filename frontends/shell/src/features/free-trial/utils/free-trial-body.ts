import {
  CatalogSubjects,
  type FreeTrialBodySchema,
  FreeTrialSubjectPrefix,
  UnavailableSubjects,
  freeTrialAdditionalInfo,
} from '@medtutor/contracts';
import type { z } from 'zod';

/** The /contact form's values once checked by the free-trial schema (the form parses them before sending). */
export type FreeTrialFields = z.output<typeof FreeTrialBodySchema>;
export type FreeTrialRequest = FreeTrialFields;

/** The subjects a trial is offered for (what FreeTrialFacts promises): those on sale. */
export const freeTrialSubjects = CatalogSubjects.filter((subject) => !UnavailableSubjects.includes(subject));

export const freeTrialSubjectOptions = freeTrialSubjects.map((subject) => ({ value: subject, label: subject }));

/**
 * The checked form values as the server takes them (docs/product.md §7): the subject prefixed
 * 'FREE TRIAL - ', and an empty additionalInfo replaced by the default text.
 */
export function toFreeTrialBody(fields: FreeTrialFields): FreeTrialRequest {
  return {
    ...fields,
    subjectInterest: `${FreeTrialSubjectPrefix}${fields.subjectInterest}`,
    additionalInfo: fields.additionalInfo || freeTrialAdditionalInfo(fields.subjectInterest),
  };
}
