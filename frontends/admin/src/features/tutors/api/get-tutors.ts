import { type TutorDto, TutorDtoSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';
import { z } from 'zod';

export const tutorsKey = '/api/admin/tutors';

export const getTutors = (): Promise<TutorDto[]> => apiRequest('GET', tutorsKey, z.array(TutorDtoSchema));

/** The persisted tutor directory, active and deactivated alike. */
export const useTutors = () => useSWR(tutorsKey, getTutors);
