import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteModule, RemoteRootProps } from '@medtutor/web-kit/remote';
import type { ComponentType } from 'react';

type RemoteName = 'student' | 'admin';

const remoteNames: RemoteName[] = ['student', 'admin'];

/** The remote that exposes a module: `admin/TutorPortal` → `admin`. */
const remoteOf = (module: RemoteModule) => module.slice(0, module.indexOf('/')) as RemoteName;

// Same origin in every environment: the gateway (or the ingress) serves the remotes next to the shell.
const remoteEntry = (name: RemoteName) => ({
  name,
  entry: `${window.location.origin}/remotes/${name}/mf-manifest.json`,
});

let registered = false;
const loads = new Map<RemoteModule, Promise<ComponentType<never>>>();
const failed = new Set<RemoteModule>();

async function loadRoot(module: RemoteModule, afterFailure: boolean): Promise<ComponentType<never>> {
  if (!registered) {
    registerRemotes(remoteNames.map(remoteEntry));
    registered = true;
  } else if (afterFailure) {
    // Re-registering drops whatever the federation runtime cached from the failed attempt.
    registerRemotes([remoteEntry(remoteOf(module))], { force: true });
  }
  const exposed = await loadRemote<{ default?: ComponentType<never> }>(module);
  if (!exposed?.default) throw new Error(`${module} did not provide its root component.`);
  return exposed.default;
}

/**
 * The root component of a remote's exposed module (`RemoteRootProps` lists them), loaded once per
 * page life. The same promise is returned until `retryRemote`, so React's `use` sees a settled one on
 * every render, a rejected one included.
 */
export function remoteRoot<M extends RemoteModule>(module: M): Promise<ComponentType<RemoteRootProps[M]>> {
  let load = loads.get(module);
  if (load === undefined) {
    load = loadRoot(module, failed.has(module));
    loads.set(module, load);
    load.then(
      () => failed.delete(module),
      () => failed.add(module),
    );
  }
  return load as Promise<ComponentType<RemoteRootProps[M]>>;
}

/** After a failed load, lets the next `remoteRoot` call try again from scratch. */
export function retryRemote(module: RemoteModule): void {
  if (failed.has(module)) loads.delete(module);
}
