import type { TotpEnableReply, TotpSetupReply, UserDto } from '@medtutor/contracts';
import useSWR from 'swr';
import { apiRequest } from '@medtutor/web-kit';

const loadSchemas = () => import('./auth-reply-schemas');

/** GET /api/auth/2fa: whether the signed-in admin or tutor has TOTP on. */
export const twoFactorStatusKey = '/api/auth/2fa';
export const useTwoFactorStatus = () =>
  useSWR(twoFactorStatusKey, () =>
    apiRequest('GET', twoFactorStatusKey, () => loadSchemas().then((schemas) => schemas.TotpStatusReplySchema)),
  );

/** A new secret and its QR code, shown while enrolling only. */
export const startTwoFactorSetup = (): Promise<TotpSetupReply> =>
  apiRequest('POST', '/api/auth/2fa/setup', () => loadSchemas().then((schemas) => schemas.TotpSetupReplySchema));

/** Confirms with a code; answers the recovery codes, shown once. */
export const enableTwoFactor = (code: string): Promise<TotpEnableReply> =>
  apiRequest('POST', '/api/auth/2fa/enable', () => loadSchemas().then((schemas) => schemas.TotpEnableReplySchema), {
    code,
  });

/** The sign-in's second step: signs the session in and answers the user. */
export const verifySecondFactor = (code: string): Promise<UserDto> =>
  apiRequest('POST', '/api/auth/2fa/verify', () => loadSchemas().then((schemas) => schemas.UserDtoSchema), { code });
