import { type TutorStudentPackageDto, TutorStudentPackageDtoSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';
import { z } from 'zod';

export const tutorStudentsKey = '/api/tutor/students';

export const getTutorStudents = (): Promise<TutorStudentPackageDto[]> =>
  apiRequest('GET', tutorStudentsKey, z.array(TutorStudentPackageDtoSchema));

/** The packages the signed-in tutor teaches, as primary or secondary tutor. */
export const useTutorStudents = () => useSWR(tutorStudentsKey, getTutorStudents);
