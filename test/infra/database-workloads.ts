import type { K8sObject } from './infra-helpers.js';

interface Container {
  name: string;
  env?: Array<{ name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }>;
  envFrom?: Array<{ configMapRef?: { name: string } }>;
  volumeMounts?: Array<{ name: string; mountPath: string; readOnly?: boolean }>;
}

interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  volumes?: Array<{ name: string; configMap?: { name: string } }>;
}

/** A workload whose pods talk to PostgreSQL: the containers that read a database URL, and which one. */
export interface DatabaseWorkload {
  object: K8sObject;
  pod: PodSpec;
  /** The Secret key of the URL (`IDENTITY_DATABASE_URL`…): one per database. */
  databaseVar: string;
  containers: Container[];
}

/** The pod template of a Deployment, StatefulSet, Job or CronJob. */
export function podSpecOf(object: K8sObject): PodSpec | undefined {
  if (object.kind === 'CronJob') return object.spec.jobTemplate.spec.template.spec;
  if (['Deployment', 'StatefulSet', 'Job'].includes(object.kind)) return object.spec.template.spec;
  return undefined;
}

/** Every workload with a container that reads a `*_DATABASE_URL` from a Secret. */
export function databaseWorkloads(objects: K8sObject[]): DatabaseWorkload[] {
  return objects.flatMap((object) => {
    const pod = podSpecOf(object);
    if (!pod) return [];
    const readers = [...(pod.initContainers ?? []), ...pod.containers].flatMap((container) =>
      (container.env ?? []).flatMap((variable) => {
        const key = variable.valueFrom?.secretKeyRef?.key;
        return key?.endsWith('_DATABASE_URL') ? [{ container, key }] : [];
      }),
    );
    const [first] = readers;
    if (!first) return [];
    return [{ object, pod, databaseVar: first.key, containers: readers.map((reader) => reader.container) }];
  });
}

/** `Kind name`, for messages. */
export const labelOf = (object: K8sObject): string => `${object.kind} ${object.metadata.name}`;
