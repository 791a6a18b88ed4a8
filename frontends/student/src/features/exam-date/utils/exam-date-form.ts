import { CalendarDateSchema, ConsultationSubjects, type PackageDto, ValidationMessages } from '@medtutor/contracts';
import { z } from 'zod';

/** The student's exam-date form (docs/product.md §5): one of the four subjects and a date. */
export const ExamDateFormSchema = z.object({
  subject: z.enum(ConsultationSubjects, { error: ValidationMessages.subjectRequired }),
  examDate: CalendarDateSchema,
});
export type ExamDateFormValues = z.output<typeof ExamDateFormSchema>;

/** The packages the date goes on; empty means 'Subject not found' (the student has none of it). */
export const packagesForSubject = (packages: readonly PackageDto[], subject: string): number[] =>
  packages.filter((item) => item.subject === subject).map((item) => item.id);
