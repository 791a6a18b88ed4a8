import { apiRequest } from '@medtutor/web-kit';
import { mutate } from 'swr';
import { z } from 'zod';
import { payslipsKey } from './get-payslips';

export async function markPayslipPaid(id: number): Promise<void> {
  await apiRequest('PATCH', `${payslipsKey}/${id}/mark-paid`, z.unknown());
  await mutate(payslipsKey);
}
