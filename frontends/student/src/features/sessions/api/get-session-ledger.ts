import { type HoursLedgerEntryDto, HoursLedgerEntryDtoSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';
import { z } from 'zod';

export const sessionLedgerKey = (sessionId: number) => `/api/sessions/${sessionId}/ledger`;

export const getSessionLedger = (sessionId: number): Promise<HoursLedgerEntryDto[]> =>
  apiRequest('GET', sessionLedgerKey(sessionId), z.array(HoursLedgerEntryDtoSchema));

/** Fetched only once the family opens the package's history (`open`). */
export const useSessionLedger = (sessionId: number, open: boolean) =>
  useSWR(open ? sessionLedgerKey(sessionId) : null, () => getSessionLedger(sessionId));
