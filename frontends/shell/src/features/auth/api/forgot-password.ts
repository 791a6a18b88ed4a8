import type { ForgotPasswordBodySchema } from '@medtutor/contracts';
import useSWRMutation from 'swr/mutation';
import type { z } from 'zod';
import { apiRequestUnchecked } from '@medtutor/web-kit';

export const forgotPasswordKey = '/api/forgot-password';

export type ForgotPasswordInput = z.output<typeof ForgotPasswordBodySchema>;

/** The answer body is not shown (docs/product.md §7), so nothing checks it. */
export const requestPasswordReset = async (body: ForgotPasswordInput): Promise<void> => {
  await apiRequestUnchecked('POST', forgotPasswordKey, body);
};

export const useRequestPasswordReset = () =>
  useSWRMutation(forgotPasswordKey, (_key: string, { arg }: { arg: ForgotPasswordInput }) => requestPasswordReset(arg));
