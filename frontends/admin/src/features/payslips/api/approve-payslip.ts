import { apiRequest } from '@medtutor/web-kit';
import { mutate } from 'swr';
import { z } from 'zod';
import { payslipsKey } from './get-payslips';

export async function approvePayslip(id: number): Promise<void> {
  await apiRequest('PATCH', `${payslipsKey}/${id}/approve`, z.unknown());
  await mutate(payslipsKey);
}
