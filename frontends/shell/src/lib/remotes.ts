import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { UserDto } from '@medtutor/contracts';
import type { ComponentType } from 'react';

/**
 * The props each remote's root component (exposed as `./App`) takes. The remotes declare the same
 * shapes next to their root components; both sides type the user with contracts' UserDto.
 */
export interface RemoteRootProps {
  student: { user: UserDto };
  admin: { user: UserDto; view: 'dashboard' | 'panel' | 'tutor'; onLogout: () => Promise<void> };
}
export type RemoteName = keyof RemoteRootProps;

const remoteNames: RemoteName[] = ['student', 'admin'];

// Same origin in every environment: the gateway (or the ingress) serves the remotes next to the shell.
const remoteEntry = (name: RemoteName) => ({
  name,
  entry: `${window.location.origin}/remotes/${name}/mf-manifest.json`,
});

let registered = false;
const loads = new Map<RemoteName, Promise<ComponentType<never>>>();
const failed = new Set<RemoteName>();

async function loadRoot(name: RemoteName, afterFailure: boolean): Promise<ComponentType<never>> {
  if (!registered) {
    registerRemotes(remoteNames.map(remoteEntry));
    registered = true;
  } else if (afterFailure) {
    // Re-registering drops whatever the federation runtime cached from the failed attempt.
    registerRemotes([remoteEntry(name)], { force: true });
  }
  const module = await loadRemote<{ default?: ComponentType<never> }>(`${name}/App`);
  if (!module?.default) throw new Error(`The ${name} app did not provide its root component.`);
  return module.default;
}

/**
 * The root component of a remote, loaded once per page life. The same promise is returned until
 * `retryRemote`, so React's `use` sees a settled one on every render, a rejected one included.
 */
export function remoteRoot<N extends RemoteName>(name: N): Promise<ComponentType<RemoteRootProps[N]>> {
  let load = loads.get(name);
  if (load === undefined) {
    load = loadRoot(name, failed.has(name));
    loads.set(name, load);
    load.then(
      () => failed.delete(name),
      () => failed.add(name),
    );
  }
  return load as Promise<ComponentType<RemoteRootProps[N]>>;
}

/** After a failed load, lets the next `remoteRoot` call try again from scratch. */
export function retryRemote(name: RemoteName): void {
  if (failed.has(name)) loads.delete(name);
}
