import { type FreeTrialRequestDto, FreeTrialRequestListSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';

export const freeTrialRequestsKey = '/api/admin/free-trial-requests';

export const getFreeTrialRequests = (): Promise<FreeTrialRequestDto[]> =>
  apiRequest('GET', freeTrialRequestsKey, FreeTrialRequestListSchema);

/** The newest free-trial requests, each with its booked trial if any. */
export const useFreeTrialRequests = () => useSWR(freeTrialRequestsKey, getFreeTrialRequests);
