import type { PublicTutorDto } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';

export const tutorsKey = '/api/tutors';

/** The answer's schema, and zod with it, loads with the answer rather than with the page. */
const loadListSchema = () => import('./public-tutor-list-schema').then((schemas) => schemas.PublicTutorListSchema);

export const getTutors = (): Promise<PublicTutorDto[]> => apiRequest('GET', tutorsKey, loadListSchema);

/** The active tutors of the directory (GET /api/tutors), as the admins keep them. */
export function useTutors() {
  const { data, error, isLoading } = useSWR(tutorsKey, getTutors);
  return { tutors: data, error: error as unknown, isLoading };
}
