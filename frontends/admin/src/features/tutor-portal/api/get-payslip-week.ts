import { type PayslipWeekDto, PayslipWeekDtoSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';

export const payslipWeekKey = (weekStarting: string) =>
  `/api/tutor/payslips/week?weekStarting=${encodeURIComponent(weekStarting)}`;

export const getPayslipWeek = (weekStarting: string): Promise<PayslipWeekDto> =>
  apiRequest('GET', payslipWeekKey(weekStarting), PayslipWeekDtoSchema);

/** One week's prefill: the hours the tutor logged that week and the timesheet, if any. */
export const usePayslipWeek = (weekStarting: string) =>
  useSWR(weekStarting ? payslipWeekKey(weekStarting) : null, () => getPayslipWeek(weekStarting));
