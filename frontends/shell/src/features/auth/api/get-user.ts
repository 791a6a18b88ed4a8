import { type UserDto, UserDtoSchema } from '@medtutor/contracts';
import useSWR from 'swr';
import { apiGetOrNullOn401 } from '@medtutor/web-kit';

export const userKey = '/api/user';

/** The signed-in user, or null for a visitor (401). */
export const getUser = (): Promise<UserDto | null> => apiGetOrNullOn401(userKey, UserDtoSchema);

export const useUser = () => useSWR(userKey, getUser);
