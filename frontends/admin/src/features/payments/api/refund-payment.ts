import { type AdminPaymentDetail, AdminPaymentDetailSchema, type RefundBody } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import { mutate, type ScopedMutator } from 'swr';
import { adminUsersKey } from '../../students';
import { adminPaymentKey } from './get-admin-payment';
import { isAdminPaymentsKey } from './get-admin-payments';

/** The revenue card's key starts so, whatever the number of weeks. */
const isRevenueKey = (key: unknown) => typeof key === 'string' && key.startsWith('/api/admin/revenue');

/**
 * POST /api/admin/payments/{id}/refund: the amount in minor units (none: all that is left) and a
 * reason. The answer is the payment with its new refund; the list, the revenue card and the
 * students' hours are fetched again, since the refund (applied at once by the demo provider, or by
 * Stripe's webhook moments later) changes all three. `revalidate` is the caller's cache's mutate
 * (useSWRConfig), the global one by default.
 */
export async function refundPayment(
  paymentId: string,
  body: RefundBody,
  revalidate: ScopedMutator = mutate,
): Promise<AdminPaymentDetail> {
  const detail = await apiRequest(
    'POST',
    `/api/admin/payments/${encodeURIComponent(paymentId)}/refund`,
    AdminPaymentDetailSchema,
    body,
  );
  await Promise.all([
    revalidate(adminPaymentKey(paymentId), detail),
    revalidate(isAdminPaymentsKey),
    revalidate(isRevenueKey),
    revalidate(adminUsersKey),
  ]);
  return detail;
}
