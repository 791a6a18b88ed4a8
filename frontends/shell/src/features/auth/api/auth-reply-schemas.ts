import {
  LoginSecondFactorReplySchema,
  TotpDisableReplySchema,
  TotpEnableReplySchema,
  TotpSetupReplySchema,
  TotpStatusReplySchema,
  UserDtoSchema,
} from '@medtutor/contracts';
import { z } from 'zod';

/*
 * The auth API's reply schemas, imported by their callers when a call is answered: the session reads
 * /api/user on every page, and zod stays out of the pages' start-up JavaScript.
 */
export { TotpDisableReplySchema, TotpEnableReplySchema, TotpSetupReplySchema, TotpStatusReplySchema, UserDtoSchema };

/** The user (signed in), or the second step an admin's or tutor's sign-in still needs. */
export const LoginAnswerSchema = z.union([LoginSecondFactorReplySchema, UserDtoSchema]);
