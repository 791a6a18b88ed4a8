import type { ConsultationReply } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWRMutation from 'swr/mutation';
import type { ConsultationRequest } from '../utils/consultation-body';

export const consultationsKey = '/api/consultations';

// The form has loaded this module for its rules by now; importing it here keeps zod out of the page's start.
const loadReplySchema = () => import('../utils/consultation-schema').then((schemas) => schemas.ConsultationReplySchema);

export const createConsultation = (body: ConsultationRequest): Promise<ConsultationReply> =>
  apiRequest('POST', consultationsKey, loadReplySchema, body);

export const useCreateConsultation = () =>
  useSWRMutation(
    consultationsKey,
    (_key: string, { arg }: { arg: ConsultationRequest }) => createConsultation(arg),
    // The admin's consultations list lives elsewhere; nothing on this page reads the key back.
    { populateCache: false, revalidate: false, throwOnError: true },
  );
