import {
  type AdminEraseBody,
  AdminEraseBodySchema,
  type UserErasedReply,
  UserErasedReplySchema,
} from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import { mutate } from 'swr';
import { adminUsersKey } from './get-admin-users';

/** POST /api/admin/users/{id}/erase: the student's account goes (issue 26); the list is fetched again. */
export async function eraseStudent(userId: number, body: AdminEraseBody): Promise<UserErasedReply> {
  const reply = await apiRequest(
    'POST',
    `/api/admin/users/${userId}/erase`,
    UserErasedReplySchema,
    AdminEraseBodySchema.parse(body),
  );
  await mutate(adminUsersKey);
  return reply;
}
