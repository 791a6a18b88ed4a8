import type { LoginBodySchema, LoginSecondFactorReply, UserDto } from '@medtutor/contracts';
import useSWRMutation from 'swr/mutation';
import type { z } from 'zod';
import { apiRequest } from '@medtutor/web-kit';

export const loginKey = '/api/login';

export type LoginInput = z.output<typeof LoginBodySchema>;

const loadLoginAnswerSchema = () => import('./auth-reply-schemas').then((schemas) => schemas.LoginAnswerSchema);

export const login = (body: LoginInput): Promise<UserDto | LoginSecondFactorReply> =>
  apiRequest('POST', loginKey, loadLoginAnswerSchema, body);

export const needsSecondFactor = (answer: UserDto | LoginSecondFactorReply): answer is LoginSecondFactorReply =>
  'secondFactor' in answer;

export const useLogin = () => useSWRMutation(loginKey, (_key: string, { arg }: { arg: LoginInput }) => login(arg));
