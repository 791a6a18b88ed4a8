import type { ExamDateBody } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import { mutate } from 'swr';
import { z } from 'zod';
import { adminUsersKey } from './get-admin-users';

/** PATCH /api/user/sessions/{id}/exam-date (admin). */
export async function updateExamDate(packageId: number, body: ExamDateBody): Promise<void> {
  await apiRequest('PATCH', `/api/user/sessions/${packageId}/exam-date`, z.unknown(), body);
  await mutate(adminUsersKey);
}
