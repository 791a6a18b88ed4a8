import type { ConsentStateReply, GuardianConsentDetails } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';

const loadSchemas = () => import('./guardian-consent-schemas');

/** The token goes in the body, never a URL the gateway would log. */
export const getConsentDetails = (token: string): Promise<GuardianConsentDetails> =>
  apiRequest(
    'POST',
    '/api/guardian-consent/details',
    () => loadSchemas().then((schemas) => schemas.GuardianConsentDetailsSchema),
    { token },
  );

export const giveConsent = (token: string): Promise<ConsentStateReply> =>
  apiRequest('POST', '/api/guardian-consent', () => loadSchemas().then((schemas) => schemas.ConsentStateReplySchema), {
    token,
  });
