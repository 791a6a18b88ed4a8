/** @jest-environment jsdom */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';

const loadRemote = jest.fn<(id: string) => Promise<{ default?: unknown } | null>>();
const registerRemotes = jest.fn<(remotes: { name: string; entry: string }[], options?: { force: boolean }) => void>();
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote, registerRemotes }));

const TutorPortal = () => null;
const AdminApp = () => null;

// A fresh module per test: remotes.ts keeps its loads and registration for the page's life.
const loadRemotes = async () => {
  jest.resetModules();
  return import('./remotes');
};

beforeEach(() => {
  loadRemote.mockReset();
  registerRemotes.mockReset();
});

describe('remoteRoot', () => {
  it('registers both remotes once and loads the exposed module it is asked for', async () => {
    loadRemote.mockImplementation(async (id) => ({ default: id === 'admin/TutorPortal' ? TutorPortal : AdminApp }));
    const { remoteRoot } = await loadRemotes();

    await expect(remoteRoot('admin/TutorPortal')).resolves.toBe(TutorPortal);
    await expect(remoteRoot('admin/App')).resolves.toBe(AdminApp);

    expect(loadRemote.mock.calls.map(([id]) => id)).toEqual(['admin/TutorPortal', 'admin/App']);
    expect(registerRemotes).toHaveBeenCalledTimes(1);
    expect(registerRemotes.mock.calls[0]?.[0]).toEqual([
      { name: 'student', entry: `${window.location.origin}/remotes/student/mf-manifest.json` },
      { name: 'admin', entry: `${window.location.origin}/remotes/admin/mf-manifest.json` },
    ]);
  });

  it('loads a module once per page life', async () => {
    loadRemote.mockResolvedValue({ default: TutorPortal });
    const { remoteRoot } = await loadRemotes();

    expect(remoteRoot('admin/TutorPortal')).toBe(remoteRoot('admin/TutorPortal'));
    await remoteRoot('admin/TutorPortal');
    expect(loadRemote).toHaveBeenCalledTimes(1);
  });

  it('after a failure, retries by registering again the remote that exposes the module', async () => {
    loadRemote.mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: TutorPortal });
    const { remoteRoot, retryRemote } = await loadRemotes();

    await expect(remoteRoot('admin/TutorPortal')).rejects.toThrow('offline');
    retryRemote('admin/TutorPortal');
    await expect(remoteRoot('admin/TutorPortal')).resolves.toBe(TutorPortal);

    expect(registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'admin', entry: `${window.location.origin}/remotes/admin/mf-manifest.json` }],
      { force: true },
    );
  });

  it('rejects a module without a root component', async () => {
    loadRemote.mockResolvedValue({});
    const { remoteRoot } = await loadRemotes();

    await expect(remoteRoot('student/App')).rejects.toThrow('student/App did not provide its root component.');
  });
});
