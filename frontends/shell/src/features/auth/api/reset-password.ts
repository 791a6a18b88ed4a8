import { ResetPasswordBodySchema } from '@medtutor/contracts';
import useSWRMutation from 'swr/mutation';
import { z } from 'zod';
import { apiRequest } from '@medtutor/web-kit';

export const resetPasswordKey = '/api/reset-password';

export type ResetPasswordInput = z.output<typeof ResetPasswordBodySchema>;

/** The answer body is not shown (spec section 7). */
export const resetPassword = async (body: ResetPasswordInput): Promise<void> => {
  await apiRequest('POST', resetPasswordKey, z.unknown(), body);
};

export const useResetPassword = () =>
  useSWRMutation(resetPasswordKey, (_key: string, { arg }: { arg: ResetPasswordInput }) => resetPassword(arg));
