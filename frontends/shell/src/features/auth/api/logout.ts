import useSWRMutation from 'swr/mutation';
import { apiRequestUnchecked } from '@medtutor/web-kit';

export const logoutKey = '/api/logout';

/** The answer is unused (docs/product.md §7), so nothing checks it. */
export const logout = async (): Promise<void> => {
  await apiRequestUnchecked('POST', logoutKey);
};

export const useLogout = () => useSWRMutation(logoutKey, () => logout());
