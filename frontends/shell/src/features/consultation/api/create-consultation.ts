import { type ConsultationReply, ConsultationReplySchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWRMutation from 'swr/mutation';
import type { ConsultationRequest } from '../utils/consultation-body';

export const consultationsKey = '/api/consultations';

export const createConsultation = (body: ConsultationRequest): Promise<ConsultationReply> =>
  apiRequest('POST', consultationsKey, ConsultationReplySchema, body);

export const useCreateConsultation = () =>
  useSWRMutation(
    consultationsKey,
    (_key: string, { arg }: { arg: ConsultationRequest }) => createConsultation(arg),
    // The admin's consultations list lives elsewhere; nothing on this page reads the key back.
    { populateCache: false, revalidate: false, throwOnError: true },
  );
