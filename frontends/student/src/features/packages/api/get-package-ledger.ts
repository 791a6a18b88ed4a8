import { type HoursLedgerEntryDto, HoursLedgerEntryDtoSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';
import { z } from 'zod';

export const packageLedgerKey = (packageId: number) => `/api/sessions/${packageId}/ledger`;

export const getPackageLedger = (packageId: number): Promise<HoursLedgerEntryDto[]> =>
  apiRequest('GET', packageLedgerKey(packageId), z.array(HoursLedgerEntryDtoSchema));

/** Fetched only once the family opens the package's history (`open`). */
export const usePackageLedger = (packageId: number, open: boolean) =>
  useSWR(open ? packageLedgerKey(packageId) : null, () => getPackageLedger(packageId));
