import type { AssignDualTutorsBody } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import { mutate } from 'swr';
import { z } from 'zod';
import { adminUsersKey } from './get-admin-users';

/** PATCH /api/admin/sessions/{id}/assign-dual-tutors (packages of 10 hours or more). */
export async function assignDualTutors(packageId: number, body: AssignDualTutorsBody): Promise<void> {
  await apiRequest('PATCH', `/api/admin/sessions/${packageId}/assign-dual-tutors`, z.unknown(), body);
  await mutate(adminUsersKey);
}
