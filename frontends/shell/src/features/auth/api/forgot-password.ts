import { ForgotPasswordBodySchema } from '@medtutor/contracts';
import useSWRMutation from 'swr/mutation';
import { z } from 'zod';
import { apiRequest } from '@medtutor/web-kit';

export const forgotPasswordKey = '/api/forgot-password';

export type ForgotPasswordInput = z.output<typeof ForgotPasswordBodySchema>;

/** The answer body is not shown (spec section 7). */
export const requestPasswordReset = async (body: ForgotPasswordInput): Promise<void> => {
  await apiRequest('POST', forgotPasswordKey, z.unknown(), body);
};

export const useRequestPasswordReset = () =>
  useSWRMutation(forgotPasswordKey, (_key: string, { arg }: { arg: ForgotPasswordInput }) => requestPasswordReset(arg));
