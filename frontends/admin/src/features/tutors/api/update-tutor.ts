import { TutorDtoSchema, type UpdateTutorBody } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import { mutate } from 'swr';
import { tutorsKey } from './get-tutors';

/** PATCH /api/admin/tutors/{id}: edits (reactivation is reactivate-tutor's). */
export async function updateTutor(id: number, body: UpdateTutorBody) {
  const tutor = await apiRequest('PATCH', `${tutorsKey}/${id}`, TutorDtoSchema, body);
  await mutate(tutorsKey);
  return tutor;
}
