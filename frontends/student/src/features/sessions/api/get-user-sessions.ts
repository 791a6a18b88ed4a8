import { type PackageDto, PackageDtoSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';
import { z } from 'zod';

export const userSessionsKey = '/api/user/sessions';

export const getUserSessions = (): Promise<PackageDto[]> =>
  apiRequest('GET', userSessionsKey, z.array(PackageDtoSchema));

export const useUserSessions = () => useSWR(userSessionsKey, getUserSessions);
