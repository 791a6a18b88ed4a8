import { type ConsentStateReply, ConsentStateReplySchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import { mutate } from 'swr';
import { adminUsersKey } from './get-admin-users';

/** POST /api/admin/students/{id}/guardian-consent/resend (issue 26). */
export async function resendGuardianConsent(userId: number): Promise<ConsentStateReply> {
  const reply = await apiRequest(
    'POST',
    `/api/admin/students/${userId}/guardian-consent/resend`,
    ConsentStateReplySchema,
  );
  await mutate(adminUsersKey);
  return reply;
}
