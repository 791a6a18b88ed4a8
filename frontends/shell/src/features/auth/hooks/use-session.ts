import { Notices } from '@medtutor/contracts';
import { use } from 'react';
import { type Session, SessionContext } from '../session-context';

export function useSession(): Session {
  const session = use(SessionContext);
  if (session === null) throw new Error(Notices.auth.sessionOutsideProvider);
  return session;
}
