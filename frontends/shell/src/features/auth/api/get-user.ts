import type { UserDto } from '@medtutor/contracts';
import useSWR from 'swr';
import { apiGetOrNullOn401 } from '@medtutor/web-kit';

export const userKey = '/api/user';

const loadUserSchema = () => import('./auth-reply-schemas').then((schemas) => schemas.UserDtoSchema);

/** The signed-in user, or null for a visitor (401). */
export const getUser = (): Promise<UserDto | null> => apiGetOrNullOn401(userKey, loadUserSchema);

export const useUser = () => useSWR(userKey, getUser);

/** Downloads the reply's check ahead of the reply, where a signed-in user is expected (the dashboards). */
export const preloadUserCheck = (): void => void loadUserSchema().catch(() => undefined);
