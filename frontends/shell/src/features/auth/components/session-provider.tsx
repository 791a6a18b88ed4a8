import { ErasureMessages, ErasureTexts, type LoginSecondFactorReply, Notices, type UserDto } from '@medtutor/contracts';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { useNotices } from '@medtutor/web-kit';
import { getUser, userKey, useUser } from '../api/get-user';
import { type LoginInput, needsSecondFactor, useLogin } from '../api/login';
import { useLogout } from '../api/logout';
import { type RegisterInput, useRegister } from '../api/register';
import { type Session, SessionContext } from '../session-context';

/**
 * Holds the session of docs/product.md §4 in the SWR cache under GET /api/user. Logging out stays on the
 * page: a protected one then sends the visitor to /auth, ready to return after the next login.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { data, isLoading, mutate: mutateUser } = useUser();
  const { mutate } = useSWRConfig();
  const { trigger: triggerLogin } = useLogin();
  const { trigger: triggerRegister } = useRegister();
  const { trigger: triggerLogout } = useLogout();
  const notices = useNotices();

  // Whatever was cached belongs to the previous account; it must not be shown to the next one.
  const forgetOtherData = useCallback(
    () => mutate((key) => key !== userKey, undefined, { revalidate: false }),
    [mutate],
  );

  const completeSignIn = useCallback(
    async (given?: UserDto): Promise<UserDto | null> => {
      const user = given ?? (await getUser());
      if (!user) return null;
      await forgetOtherData();
      // docs/product.md §4: a login stores the answer and refetches the user.
      await mutateUser(user, { revalidate: true });
      notices.success(Notices.auth.loginSuccessTitle, Notices.auth.loginSuccess);
      return user;
    },
    [forgetOtherData, mutateUser, notices],
  );

  const login = useCallback(
    async (body: LoginInput): Promise<UserDto | LoginSecondFactorReply | null> => {
      try {
        const answer = await triggerLogin(body);
        // Not signed in yet: the page asks for the code (or the enrolment) first.
        if (needsSecondFactor(answer)) return answer;
        return await completeSignIn(answer);
      } catch (error) {
        notices.error(Notices.auth.loginFailed, error);
        return null;
      }
    },
    [triggerLogin, completeSignIn, notices],
  );

  const register = useCallback(
    async (body: RegisterInput): Promise<UserDto | null> => {
      try {
        const user = await triggerRegister(body);
        await forgetOtherData();
        await mutateUser(user, { revalidate: false });
        notices.success(Notices.auth.registrationSuccessTitle, Notices.auth.registrationSuccess);
        return user;
      } catch (error) {
        notices.error(Notices.auth.registrationFailed, error);
        return null;
      }
    },
    [triggerRegister, forgetOtherData, mutateUser, notices],
  );

  const logout = useCallback(async (): Promise<void> => {
    try {
      await triggerLogout();
    } catch (error) {
      notices.error(Notices.auth.logoutFailed, error);
      return;
    }
    await forgetOtherData();
    await mutateUser(null, { revalidate: false });
    notices.success(Notices.auth.logoutSuccessTitle, Notices.auth.logoutSuccess);
  }, [triggerLogout, forgetOtherData, mutateUser, notices]);

  const accountDeleted = useCallback(async (): Promise<void> => {
    await forgetOtherData();
    await mutateUser(null, { revalidate: false });
    notices.success(ErasureTexts.deletedNoticeTitle, ErasureMessages.erased);
  }, [forgetOtherData, mutateUser, notices]);

  const session = useMemo<Session>(
    () => ({ user: data ?? null, isLoading, login, completeSignIn, register, logout, accountDeleted }),
    [data, isLoading, login, completeSignIn, register, logout, accountDeleted],
  );

  return <SessionContext value={session}>{children}</SessionContext>;
}
