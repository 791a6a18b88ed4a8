import {
  type LoginSecondFactorReply,
  LoginSecondFactorReplySchema,
  LoginBodySchema,
  type UserDto,
  UserDtoSchema,
} from '@medtutor/contracts';
import useSWRMutation from 'swr/mutation';
import { z } from 'zod';
import { apiRequest } from '@medtutor/web-kit';

export const loginKey = '/api/login';

export type LoginInput = z.output<typeof LoginBodySchema>;

/** The user (signed in), or the second step an admin's or tutor's sign-in still needs. */
const LoginAnswerSchema = z.union([LoginSecondFactorReplySchema, UserDtoSchema]);

export const login = (body: LoginInput): Promise<UserDto | LoginSecondFactorReply> =>
  apiRequest('POST', loginKey, LoginAnswerSchema, body);

export const needsSecondFactor = (answer: UserDto | LoginSecondFactorReply): answer is LoginSecondFactorReply =>
  'secondFactor' in answer;

export const useLogin = () => useSWRMutation(loginKey, (_key: string, { arg }: { arg: LoginInput }) => login(arg));
