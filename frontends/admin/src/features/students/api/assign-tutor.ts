import type { AssignTutorBody } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import { mutate } from 'swr';
import { z } from 'zod';
import { adminUsersKey } from './get-admin-users';

/** PATCH /api/admin/sessions/{id}/assign-tutor */
export async function assignTutor(packageId: number, body: AssignTutorBody): Promise<void> {
  await apiRequest('PATCH', `/api/admin/sessions/${packageId}/assign-tutor`, z.unknown(), body);
  await mutate(adminUsersKey);
}
