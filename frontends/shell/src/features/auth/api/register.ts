import type { RegisterBodySchema, UserDto } from '@medtutor/contracts';
import useSWRMutation from 'swr/mutation';
import type { z } from 'zod';
import { apiRequest } from '@medtutor/web-kit';

export const registerKey = '/api/register';

export type RegisterInput = z.output<typeof RegisterBodySchema>;

const loadUserSchema = () => import('./auth-reply-schemas').then((schemas) => schemas.UserDtoSchema);

export const register = (body: RegisterInput): Promise<UserDto> =>
  apiRequest('POST', registerKey, loadUserSchema, body);

export const useRegister = () =>
  useSWRMutation(registerKey, (_key: string, { arg }: { arg: RegisterInput }) => register(arg));
