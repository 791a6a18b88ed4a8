import type { DeliveredSessionBody } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import { mutate } from 'swr';
import { z } from 'zod';
import { sessionLedgerKey } from '../../students/api/get-session-ledger';
import { tutorStudentsKey } from './get-tutor-students';

/** POST /api/tutor/sessions/{id}/delivered: the session's hours leave the package through its ledger. */
export async function logDeliveredSession(sessionId: number, body: DeliveredSessionBody): Promise<void> {
  await apiRequest('POST', `/api/tutor/sessions/${sessionId}/delivered`, z.unknown(), body);
  await Promise.all([mutate(tutorStudentsKey), mutate(sessionLedgerKey(sessionId))]);
}
