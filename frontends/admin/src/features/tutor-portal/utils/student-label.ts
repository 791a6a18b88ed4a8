import type { TutorStudentPackageDto } from '@medtutor/contracts';

/** The student's name from tutoring's read model, or their id while it has not heard of them yet. */
export const studentLabel = (pkg: Pick<TutorStudentPackageDto, 'studentName' | 'userId'>): string =>
  pkg.studentName ?? `Student #${pkg.userId}`;
