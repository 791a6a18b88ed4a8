import { describe, expect, it } from '@jest/globals';
import { K8S_OVERLAYS, read, renderKustomize } from './infra-helpers.js';
import { natsConfigDirectory } from './nats-config-volume.js';

/**
 * The NATS servers' configuration directory as each overlay mounts it: nats.conf finds every file it
 * includes, and the users and allow-lists it includes are infra/nats/authorization.conf itself,
 * generated into a ConfigMap by kustomize (infra/nats/kustomization.yaml), not a copy. That a server
 * accepts the mounted directory: test/nats/rendered-config.int-spec.ts.
 */
describe.each(Object.entries(K8S_OVERLAYS))('NATS configuration of the %s overlay', (_overlay, dir) => {
  const objects = renderKustomize(dir);
  const { files, configMaps } = natsConfigDirectory(objects);

  it('mounts every file nats.conf includes, each from one ConfigMap', () => {
    const includes = [...(files['nats.conf'] ?? '').matchAll(/^\s*include \.\/(\S+)$/gm)].map((match) => match[1]!);
    expect(includes).toContain('authorization.conf');
    for (const file of includes) expect({ file, mounted: file in files }).toEqual({ file, mounted: true });
  });

  it('includes infra/nats/authorization.conf as it is, under a name that changes with it', () => {
    expect(files['authorization.conf']).toBe(read('infra/nats/authorization.conf'));
    // The content's hash in the name: a new authorization rolls the servers instead of waiting for a restart.
    expect(configMaps.find((name) => name.startsWith('nats-authorization'))).toMatch(
      /^nats-authorization-[a-z0-9]{10}$/,
    );
  });
});
