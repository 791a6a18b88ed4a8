/** @jest-environment jsdom */
import '../../../testing/jsdom-globals';
import { describe, expect, it } from '@jest/globals';
import type { UserDto } from '@medtutor/contracts';
import { NoticeViewport } from '@medtutor/web-kit';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import useSWR, { SWRConfig } from 'swr';
import { closeNoticesAfterEach, findNotice } from '../../../testing/notices';
import { jsonReply, serveFetchPerTest } from '../../../testing/public-page';
import { student } from '../../../testing/session';
import { useSession } from '../hooks/use-session';
import type { Session } from '../session-context';
import { SessionProvider } from './session-provider';

closeNoticesAfterEach();

/** The server: GET /api/user answers `signedInAs` (401 for a visitor); the other calls answer per test. */
let signedInAs: UserDto | null = null;
const fetchMock = serveFetchPerTest((input) => {
  if (String(input) === '/api/user') {
    return signedInAs ? jsonReply(signedInAs) : jsonReply({ statusCode: 401, message: 'Not authenticated' }, 401);
  }
  return jsonReply({ message: 'ok' });
});
const sentTo = (path: string) =>
  fetchMock.mock.calls
    .filter(([input]) => String(input) === path)
    .map(([, init]) => ({ method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined }));

/** The session as the page last rendered it, for the tests to call its actions. */
let session: Session;
/** Shows what the session holds, and the account's data another part of the page fetched. */
function Probe() {
  const current = useSession();
  useEffect(() => {
    session = current;
  });
  const packages = useSWR('/api/user-packages', () => Promise.resolve('packages cached'));
  const state = current.isLoading ? 'loading' : (current.user?.username ?? 'visitor');
  return (
    <>
      <p data-testid="session">{state}</p>
      <p data-testid="cached">{packages.data ?? 'nothing else cached'}</p>
    </>
  );
}

async function renderSession(user: UserDto | null) {
  signedInAs = user;
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SessionProvider>
        <Probe />
      </SessionProvider>
      <NoticeViewport />
    </SWRConfig>,
  );
  await waitFor(() => expect(shown()).not.toBe('loading'));
  await waitFor(() => expect(cached()).toBe('packages cached'));
}

const shown = () => screen.getByTestId('session').textContent;
const cached = () => screen.getByTestId('cached').textContent;

describe('SessionProvider', () => {
  it('is loading until GET /api/user answers', () => {
    fetchMock.mockReturnValueOnce(new Promise(() => undefined));
    signedInAs = null;
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <SessionProvider>
          <Probe />
        </SessionProvider>
      </SWRConfig>,
    );
    expect(shown()).toBe('loading');
    expect(session.user).toBeNull();
  });

  it('holds a visitor when the server answers 401', async () => {
    await renderSession(null);
    expect(shown()).toBe('visitor');
  });

  it('holds the signed-in user', async () => {
    await renderSession(student);
    expect(shown()).toBe('amelia');
  });

  it("signs in: stores the user, forgets the previous account's data and welcomes them back", async () => {
    await renderSession(null);
    fetchMock.mockResolvedValueOnce(jsonReply(student));
    signedInAs = student;
    let answer: Awaited<ReturnType<Session['login']>> = null;
    await act(async () => {
      answer = await session.login({ email: 'amelia@example.com', password: 'correct-horse-7' });
    });

    expect(answer).toEqual(student);
    expect(shown()).toBe('amelia');
    expect(cached()).toBe('nothing else cached');
    expect(sentTo('/api/login')).toEqual([
      { method: 'POST', body: { email: 'amelia@example.com', password: 'correct-horse-7' } },
    ]);
    expect(await findNotice('Welcome back!')).toEqual({
      role: 'status',
      text: 'Welcome back!You have successfully logged in.',
    });
  });

  it('hands back the second step an admin still needs, without signing in', async () => {
    await renderSession(null);
    fetchMock.mockResolvedValueOnce(jsonReply({ secondFactor: 'verify' }));
    let answer: Awaited<ReturnType<Session['login']>> = null;
    await act(async () => {
      answer = await session.login({ email: 'grace@example.com', password: 'secret-1' });
    });

    expect(answer).toEqual({ secondFactor: 'verify' });
    expect(shown()).toBe('visitor');
    expect(cached()).toBe('packages cached');
    expect(document.querySelector('.notice')).toBeNull();
  });

  it("shows the server's reason when the login is refused", async () => {
    await renderSession(null);
    fetchMock.mockResolvedValueOnce(jsonReply({ statusCode: 401, message: 'Invalid email or password' }, 401));
    let answer: Awaited<ReturnType<Session['login']>> = student;
    await act(async () => {
      answer = await session.login({ email: 'amelia@example.com', password: 'wrong-one' });
    });

    expect(answer).toBeNull();
    expect(shown()).toBe('visitor');
    expect(await findNotice('Login failed')).toEqual({ role: 'alert', text: 'Login failedInvalid email or password' });
  });

  it('registers: stores the new user without asking again, and welcomes them', async () => {
    await renderSession(null);
    fetchMock.mockResolvedValueOnce(jsonReply(student));
    await act(async () => {
      await session.register({
        username: 'amelia',
        email: 'amelia@example.com',
        password: 'correct-horse-7',
        firstName: 'Amelia',
        lastName: undefined,
        phone: undefined,
        dateOfBirth: '2000-01-01',
        guardianName: undefined,
        guardianEmail: undefined,
      });
    });

    expect(shown()).toBe('amelia');
    expect(cached()).toBe('nothing else cached');
    expect(sentTo('/api/user')).toHaveLength(1);
    expect(await findNotice('Account created!')).toEqual({
      role: 'status',
      text: 'Account created!Welcome! Your account has been created.',
    });
  });

  it('logs out: a visitor again, with nothing of the account left in the cache', async () => {
    await renderSession(student);
    await act(() => session.logout());

    expect(sentTo('/api/logout')).toEqual([{ method: 'POST', body: undefined }]);
    expect(shown()).toBe('visitor');
    expect(cached()).toBe('nothing else cached');
    expect(await findNotice('Logged out')).toEqual({
      role: 'status',
      text: 'Logged outYou have been successfully logged out.',
    });
  });

  it('stays signed in when the logout fails, and says so', async () => {
    await renderSession(student);
    fetchMock.mockResolvedValueOnce(jsonReply({ statusCode: 500, message: 'Sessions are unavailable' }, 500));
    await act(() => session.logout());

    expect(shown()).toBe('amelia');
    expect(cached()).toBe('packages cached');
    expect(await findNotice('Logout failed')).toEqual({ role: 'alert', text: 'Logout failedSessions are unavailable' });
  });
});
