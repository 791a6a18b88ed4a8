import type { UsageBody } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import { packageLedgerKey } from '@medtutor/web-kit/package-ledger';
import { mutate } from 'swr';
import { z } from 'zod';
import { adminUsersKey } from './get-admin-users';

/** PATCH /api/user/sessions/{id}/usage; the reason lands in the package's ledger. */
export async function updateUsage(packageId: number, body: UsageBody): Promise<void> {
  await apiRequest('PATCH', `/api/user/sessions/${packageId}/usage`, z.unknown(), body);
  await Promise.all([mutate(adminUsersKey), mutate(packageLedgerKey(packageId))]);
}
