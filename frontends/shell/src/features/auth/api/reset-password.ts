import type { ResetPasswordBodySchema } from '@medtutor/contracts';
import useSWRMutation from 'swr/mutation';
import type { z } from 'zod';
import { apiRequestUnchecked } from '@medtutor/web-kit';

export const resetPasswordKey = '/api/reset-password';

export type ResetPasswordInput = z.output<typeof ResetPasswordBodySchema>;

/** The answer body is not shown (docs/product.md §7), so nothing checks it. */
export const resetPassword = async (body: ResetPasswordInput): Promise<void> => {
  await apiRequestUnchecked('POST', resetPasswordKey, body);
};

export const useResetPassword = () =>
  useSWRMutation(resetPasswordKey, (_key: string, { arg }: { arg: ResetPasswordInput }) => resetPassword(arg));
