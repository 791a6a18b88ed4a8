import { jest } from '@jest/globals';
import type { UserDto } from '@medtutor/contracts';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Session } from '../features/auth/session-context';
import { SessionContext } from '../features/auth/session-context';

/** A student as GET /api/user answers for one. */
export const student: UserDto = {
  id: 7,
  username: 'amelia',
  email: 'amelia@example.com',
  firstName: 'Amelia',
  lastName: null,
  phone: null,
  freeTrialUsed: false,
  role: 'student',
  isAdmin: false,
};

export const admin: UserDto = { ...student, id: 1, username: 'grace', email: 'grace@example.com', isAdmin: true };

/** A session whose actions are mocks: a visitor unless `overrides` says otherwise. */
export function sessionWith(overrides: Partial<Session> = {}): Session {
  return {
    user: null,
    isLoading: false,
    login: jest.fn<Session['login']>().mockResolvedValue(null),
    completeSignIn: jest.fn<Session['completeSignIn']>().mockResolvedValue(null),
    register: jest.fn<Session['register']>().mockResolvedValue(null),
    logout: jest.fn<Session['logout']>().mockResolvedValue(undefined),
    accountDeleted: jest.fn<Session['accountDeleted']>().mockResolvedValue(undefined),
    ...overrides,
  };
}

/**
 * Says where the router is, path, query and hash: where a link or redirect led. A test probe, not
 * part of the page, so it is found by test id and takes no role.
 */
export function LocationProbe() {
  const { pathname, search, hash } = useLocation();
  return <p data-testid="location">{`${pathname}${search}${hash}`}</p>;
}

/**
 * `ui` at `path` (matched as `route`, for components reading params) under `session`, with the
 * location probe beside it on every route.
 */
export function AtPath({
  children,
  path = '/',
  route = '*',
  session = sessionWith(),
}: {
  children: ReactNode;
  path?: string;
  route?: string;
  session?: Session;
}) {
  return (
    <SessionContext value={session}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={children} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </SessionContext>
  );
}
