import { type SessionPackageDto, SessionPackageDtoSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';
import { z } from 'zod';

export const userSessionsKey = '/api/user/sessions';

export const getUserSessions = (): Promise<SessionPackageDto[]> =>
  apiRequest('GET', userSessionsKey, z.array(SessionPackageDtoSchema));

export const useUserSessions = () => useSWR(userSessionsKey, getUserSessions);
