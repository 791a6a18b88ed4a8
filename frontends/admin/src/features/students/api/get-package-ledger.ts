import { type HoursLedgerEntryDto, HoursLedgerEntryDtoSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';
import { z } from 'zod';

export const packageLedgerKey = (packageId: number) => `/api/sessions/${packageId}/ledger`;

export const getPackageLedger = (packageId: number): Promise<HoursLedgerEntryDto[]> =>
  apiRequest('GET', packageLedgerKey(packageId), z.array(HoursLedgerEntryDtoSchema));

/** Fetched only while the ledger is open (`packageId` null otherwise). */
export const usePackageLedger = (packageId: number | null) =>
  useSWR(packageId === null ? null : packageLedgerKey(packageId), () => getPackageLedger(packageId as number));
