import { type ConsentStateReply, ErrorCodes, type SetDateOfBirthBodySchema } from '@medtutor/contracts';
import { ApiError, apiRequest } from '@medtutor/web-kit';
import type { z } from 'zod';
import { PaymentInitError } from './payments';

const loadSchemas = () => import('./consent-schemas');

export type SetDateOfBirthInput = z.output<typeof SetDateOfBirthBodySchema>;

/** Why a payment intent was refused for the student's age (issue 26), or null for any other failure. */
export function consentRefusal(error: unknown): 'guardianConsent' | 'dateOfBirth' | null {
  const cause = error instanceof PaymentInitError ? error.cause : error;
  if (!(cause instanceof ApiError) || typeof cause.body !== 'object' || cause.body === null) return null;
  const { code } = cause.body as { code?: unknown };
  if (code === ErrorCodes.guardianConsentRequired) return 'guardianConsent';
  if (code === ErrorCodes.dateOfBirthRequired) return 'dateOfBirth';
  return null;
}

export const setDateOfBirth = (body: SetDateOfBirthInput): Promise<ConsentStateReply> =>
  apiRequest(
    'POST',
    '/api/me/date-of-birth',
    () => loadSchemas().then((schemas) => schemas.ConsentStateReplySchema),
    body,
  );

export const resendConsentRequest = (): Promise<ConsentStateReply> =>
  apiRequest('POST', '/api/me/guardian-consent/resend', () =>
    loadSchemas().then((schemas) => schemas.ConsentStateReplySchema),
  );
