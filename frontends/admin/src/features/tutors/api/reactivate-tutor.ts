import { TutorDtoSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import { mutate } from 'swr';
import { tutorsKey } from './get-tutors';

/** POST /api/admin/tutors/{id}/reactivate: back on the site; the tutor may sign in again (issue 24). */
export async function reactivateTutor(id: number) {
  const tutor = await apiRequest('POST', `${tutorsKey}/${id}/reactivate`, TutorDtoSchema);
  await mutate(tutorsKey);
  return tutor;
}
