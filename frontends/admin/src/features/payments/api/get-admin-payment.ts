import { type AdminPaymentDetail, AdminPaymentDetailSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';

export const adminPaymentKey = (paymentId: string) => `/api/admin/payments/${encodeURIComponent(paymentId)}`;

export const getAdminPayment = (paymentId: string): Promise<AdminPaymentDetail> =>
  apiRequest('GET', adminPaymentKey(paymentId), AdminPaymentDetailSchema);

/** Fetched only while the drawer is open (`paymentId` null otherwise). */
export const useAdminPayment = (paymentId: string | null) =>
  useSWR(paymentId === null ? null : adminPaymentKey(paymentId), () => getAdminPayment(paymentId as string), {
    // Opening the drawer is the admin asking: show the payment as it is now (a webhook may have moved it).
    revalidateOnMount: true,
  });
