import { type PayslipDto, PayslipListSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';

export const tutorPayslipsKey = '/api/tutor/payslips';

export const getTutorPayslips = (): Promise<PayslipDto[]> => apiRequest('GET', tutorPayslipsKey, PayslipListSchema);

/** The signed-in tutor's own timesheets, newest first. */
export const useTutorPayslips = () => useSWR(tutorPayslipsKey, getTutorPayslips);
