import type { PublicTutorDto } from '@medtutor/contracts';
import { apiRequestUnchecked } from '@medtutor/web-kit';
import useSWR from 'swr';

export const tutorsKey = '/api/tutors';

/**
 * Read unchecked: the home page's lists come from our own services, whose tests parse these replies
 * with the contracts' schemas; a check here would make every visitor download zod (docs/adr/
 * 0039-public-pages-without-antd.md).
 */
export const getTutors = async (): Promise<PublicTutorDto[]> =>
  (await apiRequestUnchecked('GET', tutorsKey)) as PublicTutorDto[];

/** The active tutors of the directory (GET /api/tutors), as the admins keep them. */
export function useTutors() {
  const { data, error, isLoading } = useSWR(tutorsKey, getTutors);
  return { tutors: data, error: error as unknown, isLoading };
}
