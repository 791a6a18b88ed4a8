import { type EraseMeBody, EraseMeBodySchema, type UserErasedReply, UserErasedReplySchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';

export const eraseAccountKey = '/api/me/erase';

/** POST /api/me/erase: the account and the student's details go; the session is over when it answers. */
export const eraseAccount = (body: EraseMeBody): Promise<UserErasedReply> =>
  apiRequest('POST', eraseAccountKey, UserErasedReplySchema, EraseMeBodySchema.parse(body));
