import { Notices, type PayslipDto, PayslipListSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';

export const payslipsKey = '/api/admin/payslips';

export const getPayslips = (): Promise<PayslipDto[]> => apiRequest('GET', payslipsKey, PayslipListSchema);

/** docs/product.md §7: a failed load is only logged (the tab shows its error state, no notice). */
export const usePayslips = () =>
  useSWR(payslipsKey, getPayslips, {
    onError: (error: unknown) => console.error(Notices.dashboards.payslipsLoadFailed, error),
  });
