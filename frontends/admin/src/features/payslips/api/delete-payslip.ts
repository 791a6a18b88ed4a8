import { apiRequest } from '@medtutor/web-kit';
import { mutate } from 'swr';
import { z } from 'zod';
import { payslipsKey } from './get-payslips';

export async function deletePayslip(id: number): Promise<void> {
  await apiRequest('DELETE', `${payslipsKey}/${id}`, z.unknown());
  await mutate(payslipsKey);
}
