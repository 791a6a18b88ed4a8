import { type PaymentConflictsDto, PaymentConflictsDtoSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';

export const paymentConflictsKey = '/api/admin/payments/conflicts';

export const getPaymentConflicts = (): Promise<PaymentConflictsDto> =>
  apiRequest('GET', paymentConflictsKey, PaymentConflictsDtoSchema);

export const usePaymentConflicts = () => useSWR(paymentConflictsKey, getPaymentConflicts);
