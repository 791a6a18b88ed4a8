import { type HoursLedgerEntryDto, HoursLedgerEntryDtoSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';
import { z } from 'zod';

export const sessionLedgerKey = (sessionId: number) => `/api/sessions/${sessionId}/ledger`;

export const getSessionLedger = (sessionId: number): Promise<HoursLedgerEntryDto[]> =>
  apiRequest('GET', sessionLedgerKey(sessionId), z.array(HoursLedgerEntryDtoSchema));

/** Fetched only while the ledger is open (`sessionId` null otherwise). */
export const useSessionLedger = (sessionId: number | null) =>
  useSWR(sessionId === null ? null : sessionLedgerKey(sessionId), () => getSessionLedger(sessionId as number));
