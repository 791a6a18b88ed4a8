import useSWRMutation from 'swr/mutation';
import { z } from 'zod';
import { apiRequest } from '@medtutor/web-kit';

export const logoutKey = '/api/logout';

/** The answer is unused (spec section 7). */
export const logout = async (): Promise<void> => {
  await apiRequest('POST', logoutKey, z.unknown());
};

export const useLogout = () => useSWRMutation(logoutKey, () => logout());
