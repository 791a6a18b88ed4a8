import { type PackageDto, PackageDtoSchema } from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR from 'swr';
import { z } from 'zod';

export const userPackagesKey = '/api/user/sessions';

export const getUserPackages = (): Promise<PackageDto[]> =>
  apiRequest('GET', userPackagesKey, z.array(PackageDtoSchema));

export const useUserPackages = () => useSWR(userPackagesKey, getUserPackages);
