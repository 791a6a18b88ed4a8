import { apiRequest } from '@medtutor/web-kit';
import { mutate } from 'swr';
import { z } from 'zod';
import { tutorsKey } from './get-tutors';

/**
 * DELETE /api/admin/tutors/{id}: deactivates; the tutor's sign-in and sessions end at once, their
 * packages keep the name they were assigned and are flagged for reassignment.
 */
export async function deactivateTutor(id: number): Promise<void> {
  await apiRequest('DELETE', `${tutorsKey}/${id}`, z.unknown());
  await mutate(tutorsKey);
}
