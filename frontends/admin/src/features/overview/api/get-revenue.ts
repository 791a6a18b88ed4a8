import { type RevenueByWeekDto, RevenueByWeekDtoSchema, RevenueLimits } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';

export const revenueKey = (weeks: number) => `/api/admin/revenue?weeks=${weeks}`;

export const getRevenue = (weeks: number): Promise<RevenueByWeekDto> =>
  apiRequest('GET', revenueKey(weeks), RevenueByWeekDtoSchema);

export const useRevenue = (weeks: number = RevenueLimits.defaultWeeks) =>
  useSWR(revenueKey(weeks), () => getRevenue(weeks));
