import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { UserDto } from '@medtutor/contracts';
import type { ComponentType } from 'react';

/**
 * The props each remote's root component (exposed as `./App`) takes. The remotes declare the same
 * shapes next to their root components; both sides type the user with contracts' UserDto.
 */
export interface RemoteRootProps {
  student: { user: UserDto };
  admin: { user: UserDto; view: 'dashboard' | 'panel'; onLogout: () => Promise<void> };
}
export type RemoteName = keyof RemoteRootProps;

const remoteNames: RemoteName[] = ['student', 'admin'];

// Same origin in every environment: the gateway (or the ingress) serves the remotes next to the shell.
const remoteEntry = (name: RemoteName) => ({
  name,
  entry: `${window.location.origin}/remotes/${name}/mf-manifest.json`,
});

let registered = false;

/**
 * Loads a remote's root component. `afterFailure` re-registers the remote first, which drops whatever
 * the federation runtime cached from the failed attempt.
 */
export async function loadRemoteRoot<N extends RemoteName>(
  name: N,
  afterFailure: boolean,
): Promise<{ default: ComponentType<RemoteRootProps[N]> }> {
  if (!registered) {
    registerRemotes(remoteNames.map(remoteEntry));
    registered = true;
  } else if (afterFailure) {
    registerRemotes([remoteEntry(name)], { force: true });
  }
  const module = await loadRemote<{ default?: ComponentType<RemoteRootProps[N]> }>(`${name}/App`);
  if (!module?.default) throw new Error(`The ${name} app did not provide its root component.`);
  return { default: module.default };
}
