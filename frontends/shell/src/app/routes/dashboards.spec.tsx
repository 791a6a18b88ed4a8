/** @jest-environment jsdom */
import '../../testing/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { UserDto } from '@medtutor/contracts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import type { Session } from '../../features/auth/session-context';

// Module Federation loads remotes through script tags, not fetch: its runtime is the boundary here.
// Each remote stands in as a component that shows the props the shell gives it.
interface RootProps {
  user: UserDto;
  view?: string;
  onLogout?: () => Promise<void>;
}
const remoteRootFor = (module: string) =>
  function RemoteRoot({ user, view, onLogout }: RootProps) {
    return (
      <div>
        <p>{`${module} for ${user.username}${view ? `, view ${view}` : ''}`}</p>
        {onLogout && (
          <button type="button" onClick={() => void onLogout()}>
            Log out
          </button>
        )}
      </div>
    );
  };
const loadRemote = jest.fn((module: string) =>
  Promise.resolve({ default: remoteRootFor(module) as ComponentType<never> }),
);
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote, registerRemotes: jest.fn() }));
const { AtPath, admin, sessionWith, student } =
  jest.requireActual<typeof import('../../testing/session')>('../../testing/session');
const { AdminDashboardRoute, AdminPanelRoute, MyTutoringRoute, TutorPortalRoute } =
  jest.requireActual<typeof import('./dashboards')>('./dashboards');

afterEach(cleanup);

const tutor: UserDto = { ...student, id: 12, username: 'tom', role: 'tutor' };

async function renderAt(path: string, page: ReactNode, session: Session) {
  await act(async () => {
    render(
      <AtPath path={path} route={path} session={session}>
        {page}
      </AtPath>,
    );
  });
}

describe('dashboard routes', () => {
  // First: each remote module loads once per page life, and the later tests load all three.
  it('starts loading the remote while the session is still being checked', async () => {
    await renderAt('/my-tutoring', <MyTutoringRoute />, sessionWith({ isLoading: true }));
    expect(screen.getByRole('status', { name: 'Checking your session…' })).toBeTruthy();
    expect(loadRemote.mock.calls).toEqual([['student/App']]);
  });

  it("loads the student remote for a student, with the user, under the page's title", async () => {
    await renderAt('/my-tutoring', <MyTutoringRoute />, sessionWith({ user: student }));
    expect(await screen.findByText('student/App for amelia')).toBeTruthy();
    expect(document.title).toBe('My Tutoring | MedPath Tutors');
  });

  it('gives the admin remote the dashboard view and the way to log out through the shell', async () => {
    const session = sessionWith({ user: admin });
    await renderAt('/admin-dashboard', <AdminDashboardRoute />, session);
    expect(await screen.findByText('admin/App for grace, view dashboard')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log out' })));
    expect(session.logout).toHaveBeenCalledTimes(1);
  });

  it('gives the admin remote the panel view on /admin', async () => {
    await renderAt('/admin', <AdminPanelRoute />, sessionWith({ user: admin }));
    expect(await screen.findByText('admin/App for grace, view panel')).toBeTruthy();
    expect(document.title).toBe('Admin Panel | MedPath Tutors');
  });

  it("loads only the tutor portal's module for a tutor", async () => {
    loadRemote.mockClear();
    await renderAt('/tutor', <TutorPortalRoute />, sessionWith({ user: tutor }));
    expect(await screen.findByText('admin/TutorPortal for tom')).toBeTruthy();
    expect(loadRemote.mock.calls).toEqual([['admin/TutorPortal']]);
  });

  it('sends a student away from the admin dashboard without loading the admin remote', async () => {
    loadRemote.mockClear();
    await renderAt('/admin-dashboard', <AdminDashboardRoute />, sessionWith({ user: student }));
    expect(screen.getByTestId('location').textContent).toBe('/my-tutoring');
    expect(loadRemote).not.toHaveBeenCalled();
  });
});
