import { type ConsultationReply, ConsultationReplySchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWRMutation from 'swr/mutation';
import type { FreeTrialRequest } from '../utils/free-trial-body';

/** A free trial is a consultation whose subject carries the 'FREE TRIAL - ' prefix (spec section 7). */
export const freeTrialKey = '/api/consultations';

export const requestFreeTrial = (body: FreeTrialRequest): Promise<ConsultationReply> =>
  apiRequest('POST', freeTrialKey, ConsultationReplySchema, body);

export const useRequestFreeTrial = () =>
  useSWRMutation(freeTrialKey, (_key: string, { arg }: { arg: FreeTrialRequest }) => requestFreeTrial(arg), {
    populateCache: false,
    revalidate: false,
    throwOnError: true,
  });
