import { type PayslipDto, PayslipDtoSchema, type SavePayslipBody } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import { mutate } from 'swr';
import { tutorPayslipsKey } from './get-tutor-payslips';
import { payslipWeekKey } from './get-payslip-week';

/** POST /api/tutor/payslips: creates or updates the tutor's draft for the week. */
export async function saveTutorPayslip(body: SavePayslipBody): Promise<PayslipDto> {
  const payslip = await apiRequest('POST', tutorPayslipsKey, PayslipDtoSchema, body);
  await Promise.all([mutate(tutorPayslipsKey), mutate(payslipWeekKey(payslip.weekStarting))]);
  return payslip;
}
