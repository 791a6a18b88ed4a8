import { type AdminUserWithPackagesDto, AdminUserWithPackagesDtoSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';
import { z } from 'zod';

export const adminUsersKey = '/api/admin/users';

export const getAdminUsers = (): Promise<AdminUserWithPackagesDto[]> =>
  apiRequest('GET', adminUsersKey, z.array(AdminUserWithPackagesDtoSchema));

export const useAdminUsers = () => useSWR(adminUsersKey, getAdminUsers);
