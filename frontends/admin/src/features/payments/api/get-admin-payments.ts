import { type AdminPaymentsPage, AdminPaymentsPageSchema, type AdminPaymentsQuery } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';

const path = '/api/admin/payments';

/** The query string of one list request: only the filters set, in a fixed order, so equal queries share a key. */
export function adminPaymentsKey(query: AdminPaymentsQuery): string {
  const params = new URLSearchParams();
  for (const name of ['q', 'status', 'currency', 'from', 'to', 'page', 'pageSize'] as const) {
    const value = query[name];
    if (value !== undefined && value !== null && String(value).trim() !== '') params.set(name, String(value).trim());
  }
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}

/** Every page of the list, whatever its filters: what a refund makes stale. */
export const isAdminPaymentsKey = (key: unknown): boolean =>
  typeof key === 'string' && (key === path || key.startsWith(`${path}?`));

export const getAdminPayments = (query: AdminPaymentsQuery): Promise<AdminPaymentsPage> =>
  apiRequest('GET', adminPaymentsKey(query), AdminPaymentsPageSchema);

/** The page stays on screen while the next one loads, so paging does not flash an empty table. */
export const useAdminPayments = (query: AdminPaymentsQuery) =>
  useSWR(adminPaymentsKey(query), () => getAdminPayments(query), { keepPreviousData: true });
