import { type AdminUserWithSessionsDto, AdminUserWithSessionsDtoSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';
import { z } from 'zod';

export const adminUsersKey = '/api/admin/users';

export const getAdminUsers = (): Promise<AdminUserWithSessionsDto[]> =>
  apiRequest('GET', adminUsersKey, z.array(AdminUserWithSessionsDtoSchema));

export const useAdminUsers = () => useSWR(adminUsersKey, getAdminUsers);
