import {
  type TotpEnableReply,
  TotpEnableReplySchema,
  type TotpSetupReply,
  TotpSetupReplySchema,
  TotpStatusReplySchema,
  type UserDto,
  UserDtoSchema,
} from '@medtutor/contracts';
import useSWR from 'swr';
import { apiRequest } from '@medtutor/web-kit';

/** GET /api/auth/2fa: whether the signed-in admin or tutor has TOTP on. */
export const twoFactorStatusKey = '/api/auth/2fa';
export const useTwoFactorStatus = () =>
  useSWR(twoFactorStatusKey, () => apiRequest('GET', twoFactorStatusKey, TotpStatusReplySchema));

/** A new secret and its QR code, shown while enrolling only. */
export const startTwoFactorSetup = (): Promise<TotpSetupReply> =>
  apiRequest('POST', '/api/auth/2fa/setup', TotpSetupReplySchema);

/** Confirms with a code; answers the recovery codes, shown once. */
export const enableTwoFactor = (code: string): Promise<TotpEnableReply> =>
  apiRequest('POST', '/api/auth/2fa/enable', TotpEnableReplySchema, { code });

/** The sign-in's second step: signs the session in and answers the user. */
export const verifySecondFactor = (code: string): Promise<UserDto> =>
  apiRequest('POST', '/api/auth/2fa/verify', UserDtoSchema, { code });
