import { type HoursLedgerEntryDto, HoursLedgerEntryDtoSchema } from '@medtutor/contracts';
import useSWR from 'swr';
import { z } from 'zod';
import { apiRequest } from './api-client.js';

// A package's hours ledger, which the family's dashboard and the back office both show. Its own entry
// point (not the root one): the shell's public pages load the root at start, without zod or schemas.

export const packageLedgerKey = (packageId: number) => `/api/sessions/${packageId}/ledger`;

export const getPackageLedger = (packageId: number): Promise<HoursLedgerEntryDto[]> =>
  apiRequest('GET', packageLedgerKey(packageId), z.array(HoursLedgerEntryDtoSchema));

export const usePackageLedger = (packageId: number) =>
  useSWR(packageLedgerKey(packageId), () => getPackageLedger(packageId));
