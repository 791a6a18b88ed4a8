import { apiRequest } from '@medtutor/web-kit';
import { mutate } from 'swr';
import { z } from 'zod';
import { payslipWeekKey } from './get-payslip-week';
import { tutorPayslipsKey } from './get-tutor-payslips';

/** POST /api/tutor/payslips/{id}/submit: draft → submitted, for the admin to review. */
export async function submitTutorPayslip(id: number, weekStarting: string): Promise<void> {
  await apiRequest('POST', `${tutorPayslipsKey}/${id}/submit`, z.unknown());
  await Promise.all([mutate(tutorPayslipsKey), mutate(payslipWeekKey(weekStarting))]);
}
