import { ConsultationBodySchema, ConsultationSubjects } from '@medtutor/contracts';
import type { z } from 'zod';

export type ConsultationRequest = z.output<typeof ConsultationBodySchema>;

export const consultationSubjectOptions = ConsultationSubjects.map((subject) => ({ value: subject, label: subject }));

/** The home form's values as the server takes them: trimmed, an empty email left out, isParent a boolean. */
export const toConsultationBody = (values: unknown): ConsultationRequest => ConsultationBodySchema.parse(values);
