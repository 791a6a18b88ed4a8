import { LoginBodySchema, type UserDto, UserDtoSchema } from '@medtutor/contracts';
import useSWRMutation from 'swr/mutation';
import type { z } from 'zod';
import { apiRequest } from '@medtutor/web-kit';

export const loginKey = '/api/login';

export type LoginInput = z.output<typeof LoginBodySchema>;

export const login = (body: LoginInput): Promise<UserDto> => apiRequest('POST', loginKey, UserDtoSchema, body);

export const useLogin = () => useSWRMutation(loginKey, (_key: string, { arg }: { arg: LoginInput }) => login(arg));
