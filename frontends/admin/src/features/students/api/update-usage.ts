import type { UsageBody } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import { mutate } from 'swr';
import { z } from 'zod';
import { adminUsersKey } from './get-admin-users';
import { sessionLedgerKey } from './get-session-ledger';

/** PATCH /api/user/sessions/{id}/usage; the reason lands in the package's ledger. */
export async function updateUsage(sessionId: number, body: UsageBody): Promise<void> {
  await apiRequest('PATCH', `/api/user/sessions/${sessionId}/usage`, z.unknown(), body);
  await Promise.all([mutate(adminUsersKey), mutate(sessionLedgerKey(sessionId))]);
}
