import { AdminSecondFactorResetReplySchema, type AdminSecondFactorResetReply } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';

/** POST /api/admin/users/{id}/two-factor/reset: the account's sessions end; it enrols at its next sign-in. */
export const resetSecondFactor = (userId: number): Promise<AdminSecondFactorResetReply> =>
  apiRequest('POST', `/api/admin/users/${userId}/two-factor/reset`, AdminSecondFactorResetReplySchema);
