/** @jest-environment jsdom */
import '../testing/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { UserDto } from '@medtutor/contracts';

// Module Federation loads remotes through script tags, not fetch: its runtime is the boundary here.
// Renders and clicks run in async act, so React sees the download settle and renders again.
type Exposed = { default?: ComponentType<never> };
const loadRemote = jest.fn<(module: string) => Promise<Exposed>>();
const registerRemotes = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote, registerRemotes }));
const { RemoteSlot } = jest.requireActual<typeof import('./remote-slot')>('./remote-slot');
const { student } = jest.requireActual<typeof import('../testing/session')>('../testing/session');

afterEach(() => {
  cleanup();
  loadRemote.mockReset();
});

/** A remote whose download finishes when the test says so. */
function pendingRemote() {
  let finish: (exposed: Exposed) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  loadRemote.mockReturnValueOnce(
    new Promise<Exposed>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    }),
  );
  return {
    finish: (exposed: Exposed) => act(async () => finish(exposed)),
    fail: (error: Error) => act(async () => fail(error)),
  };
}

const StudentApp = (({ user }: { user: UserDto }) => <p>Student app for {user.username}</p>) as ComponentType<never>;

describe('RemoteSlot', () => {
  it("shows a spinner while the remote downloads, then its root with the shell's props", async () => {
    const remote = pendingRemote();
    await act(async () => {
      render(<RemoteSlot name="student/App" props={{ user: student, onAccountDeleted: () => Promise.resolve() }} />);
    });
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(loadRemote).toHaveBeenCalledWith('student/App');
    expect(registerRemotes.mock.calls[0]?.[0]).toEqual([
      { name: 'student', entry: 'http://localhost/remotes/student/mf-manifest.json' },
      { name: 'admin', entry: 'http://localhost/remotes/admin/mf-manifest.json' },
    ]);

    await remote.finish({ default: StudentApp });
    expect(await screen.findByText('Student app for amelia')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers a retry when the download fails, and loads the remote anew', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const first = pendingRemote();
      await act(async () => {
        render(<RemoteSlot name="admin/TutorPortal" props={{ user: student, onLogout: async () => undefined }} />);
      });
      await first.fail(new Error('ChunkLoadError'));

      expect((await screen.findByRole('alert')).textContent).toContain('This page could not be loaded');
      expect(screen.getByText('Please check your connection and try again.')).toBeTruthy();
      expect(consoleError.mock.calls.some(([message]) => message === 'Dashboard failed to load or render')).toBe(true);

      const second = pendingRemote();
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
      expect(loadRemote).toHaveBeenCalledTimes(2);
      await second.finish({ default: StudentApp });
      expect(await screen.findByText('Student app for amelia')).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      consoleError.mockRestore();
    }
  });

  it('offers a retry when the remote exposes no root component', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const remote = pendingRemote();
      await act(async () => {
        render(
          <RemoteSlot name="admin/App" props={{ user: student, view: 'dashboard', onLogout: async () => undefined }} />,
        );
      });
      await remote.finish({});
      expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
    } finally {
      consoleError.mockRestore();
    }
  });
});
