import { apiRequest } from '@medtutor/web-kit';
import { mutate } from 'swr';
import { z } from 'zod';
import { tutorsKey } from './get-tutors';

/** DELETE /api/admin/tutors/{id}: deactivates (packages keep the name they were assigned). */
export async function deactivateTutor(id: number): Promise<void> {
  await apiRequest('DELETE', `${tutorsKey}/${id}`, z.unknown());
  await mutate(tutorsKey);
}
