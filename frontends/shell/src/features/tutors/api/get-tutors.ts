import { PublicTutorDtoSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';
import { z } from 'zod';

export const tutorsKey = '/api/tutors';

const PublicTutorListSchema = z.array(PublicTutorDtoSchema);

export const getTutors = () => apiRequest('GET', tutorsKey, PublicTutorListSchema);

/** The active tutors of the directory (GET /api/tutors), as the admins keep them. */
export function useTutors() {
  const { data, error, isLoading } = useSWR(tutorsKey, getTutors);
  return { tutors: data, error: error as unknown, isLoading };
}
