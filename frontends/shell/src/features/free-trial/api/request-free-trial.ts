import type { ConsultationReply } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWRMutation from 'swr/mutation';
import type { FreeTrialRequest } from '../utils/free-trial-body';

/** A free trial is a consultation whose subject carries the 'FREE TRIAL - ' prefix (docs/product.md §7). */
export const freeTrialKey = '/api/consultations';

// The form has loaded this module for its rules by now; importing it here keeps zod out of the page's start.
const loadReplySchema = () => import('../utils/free-trial-schema').then((schemas) => schemas.ConsultationReplySchema);

export const requestFreeTrial = (body: FreeTrialRequest): Promise<ConsultationReply> =>
  apiRequest('POST', freeTrialKey, loadReplySchema, body);

export const useRequestFreeTrial = () =>
  useSWRMutation(freeTrialKey, (_key: string, { arg }: { arg: FreeTrialRequest }) => requestFreeTrial(arg), {
    populateCache: false,
    revalidate: false,
    throwOnError: true,
  });
