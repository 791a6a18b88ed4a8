import type { LoginSecondFactorReply, UserDto } from '@medtutor/contracts';
import { createContext } from 'react';
import type { LoginInput } from './api/login';
import type { RegisterInput } from './api/register';

export interface Session {
  /** The signed-in user, or null for a visitor (also while loading). */
  user: UserDto | null;
  /** True until GET /api/user first answers. */
  isLoading: boolean;
  /**
   * Resolves to the user, to the second step an admin's or tutor's sign-in still needs, or to null
   * after a failure has been shown as a notice.
   */
  login(body: LoginInput): Promise<UserDto | LoginSecondFactorReply | null>;
  /** After the second step signed the session in: stores the user (fetched when not given), as a login does. */
  completeSignIn(user?: UserDto): Promise<UserDto | null>;
  /** Resolves to the new user, or to null after a failure has been shown as a notice. */
  register(body: RegisterInput): Promise<UserDto | null>;
  /** Ends the session; a failure is shown as a notice. */
  logout(): Promise<void>;
  /** The server already ended the session by erasing the account (issue 26): forget it and say so. */
  accountDeleted(): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);
