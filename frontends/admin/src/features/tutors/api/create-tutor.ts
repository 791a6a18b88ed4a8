import { type CreateTutorBody, TutorDtoSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import { mutate } from 'swr';
import { tutorsKey } from './get-tutors';

/** POST /api/admin/tutors */
export async function createTutor(body: CreateTutorBody) {
  const tutor = await apiRequest('POST', tutorsKey, TutorDtoSchema, body);
  await mutate(tutorsKey);
  return tutor;
}
