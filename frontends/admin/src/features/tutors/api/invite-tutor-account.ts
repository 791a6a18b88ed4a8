import { type InviteTutorBody, type InviteTutorReply, InviteTutorReplySchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import { mutate } from 'swr';
import { tutorsKey } from './get-tutors';

/** POST /api/admin/tutor-accounts: a tutor login for a directory entry, invited by email. */
export async function inviteTutorAccount(body: InviteTutorBody): Promise<InviteTutorReply> {
  const reply = await apiRequest('POST', '/api/admin/tutor-accounts', InviteTutorReplySchema, body);
  await mutate(tutorsKey);
  return reply;
}
