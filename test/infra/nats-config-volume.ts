import type { K8sObject } from './infra-helpers.js';

interface Volume {
  name: string;
  configMap?: { name: string };
  projected?: { sources: Array<{ configMap?: { name: string } }> };
}

/**
 * The files a rendered NATS StatefulSet's server sees beside its `--config` file: the ConfigMaps
 * behind the volume mounted at that file's directory, as the kubelet would lay them out (a key
 * present in two sources of one projected volume fails the pod, so it fails here too).
 */
export function natsConfigDirectory(objects: K8sObject[]): { files: Record<string, string>; configMaps: string[] } {
  const nats = objects.find((object) => object.kind === 'StatefulSet' && object.metadata.name === 'nats');
  const pod = nats?.spec.template.spec;
  const server = pod?.containers.find((container: { name: string }) => container.name === 'nats');
  const configFile: string = server.args[server.args.indexOf('--config') + 1];
  const directory = configFile.slice(0, configFile.lastIndexOf('/'));
  const mount = server.volumeMounts.find((entry: { mountPath: string }) => entry.mountPath === directory);
  const volume = (pod.volumes as Volume[]).find((entry) => entry.name === mount?.name);
  const configMaps = volume?.projected
    ? volume.projected.sources.flatMap((source) => (source.configMap ? [source.configMap.name] : []))
    : volume?.configMap
      ? [volume.configMap.name]
      : [];
  const files: Record<string, string> = {};
  for (const name of configMaps) {
    const data = objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name === name)?.data;
    if (!data) throw new Error(`the NATS config volume names ConfigMap ${name}, which the overlay lacks`);
    for (const [key, value] of Object.entries(data)) {
      if (key in files) throw new Error(`${key} is in two ConfigMaps of the NATS config volume`);
      files[key] = value;
    }
  }
  return { files, configMaps };
}
