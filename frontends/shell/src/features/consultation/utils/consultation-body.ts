import { type ConsultationBodySchema, ConsultationSubjects } from '@medtutor/contracts';
import type { z } from 'zod';

/** The home form's values once checked by the consultation schema: trimmed, an empty email left out, isParent a boolean. */
export type ConsultationRequest = z.output<typeof ConsultationBodySchema>;

export const consultationSubjectOptions = ConsultationSubjects.map((subject) => ({ value: subject, label: subject }));
