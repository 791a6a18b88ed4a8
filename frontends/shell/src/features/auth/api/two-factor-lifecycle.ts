import type { SecondFactorChangeBody, TotpDisableReply, TotpEnableReply, TotpSetupReply } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';

const loadSchemas = () => import('./auth-reply-schemas');

/** POST /api/auth/2fa/re-enrol: the password and a current code; answers the new secret to confirm. */
export const startReEnrolment = (body: SecondFactorChangeBody): Promise<TotpSetupReply> =>
  apiRequest(
    'POST',
    '/api/auth/2fa/re-enrol',
    () => loadSchemas().then((schemas) => schemas.TotpSetupReplySchema),
    body,
  );

/** POST /api/auth/2fa/re-enrol/confirm: a code of the new authenticator; answers new recovery codes, once. */
export const confirmReEnrolment = (code: string): Promise<TotpEnableReply> =>
  apiRequest(
    'POST',
    '/api/auth/2fa/re-enrol/confirm',
    () => loadSchemas().then((schemas) => schemas.TotpEnableReplySchema),
    { code },
  );

/** POST /api/auth/2fa/recovery-codes: every old recovery code stops working. */
export const regenerateRecoveryCodes = (body: SecondFactorChangeBody): Promise<TotpEnableReply> =>
  apiRequest(
    'POST',
    '/api/auth/2fa/recovery-codes',
    () => loadSchemas().then((schemas) => schemas.TotpEnableReplySchema),
    body,
  );

/** POST /api/auth/2fa/disable: only where two-factor authentication is not required. */
export const disableTwoFactor = (body: SecondFactorChangeBody): Promise<TotpDisableReply> =>
  apiRequest(
    'POST',
    '/api/auth/2fa/disable',
    () => loadSchemas().then((schemas) => schemas.TotpDisableReplySchema),
    body,
  );
