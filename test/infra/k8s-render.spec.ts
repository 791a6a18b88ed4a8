import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parseAllDocuments } from 'yaml';
import { K8S_DIR, ROOT, type K8sObject } from './infra-helpers.js';

/**
 * The base as `kubectl apply -k` sends it: rendered by kustomize, validated against the Kubernetes
 * OpenAPI schemas, then held to the platform's pod and secret policies.
 *
 * Schemas: `kubernetes-models` 5.x, generated from the OpenAPI of Kubernetes v1.36.0 (its changelog),
 * precompiled into validators that run offline. They check types, formats (quantities, ports),
 * enums and required fields; like the API server's OpenAPI they do not reject unknown fields.
 */
const TARGET_KUBERNETES = '1.36';

/**
 * Group versions served as GA by the target release. The models also carry API versions that
 * Kubernetes removed long ago (apps/v1beta1, extensions/v1beta1), which must fail here.
 */
const SERVED_API_VERSIONS = new Set([
  'v1',
  'apps/v1',
  'batch/v1',
  'policy/v1',
  'autoscaling/v2',
  'networking.k8s.io/v1',
  'rbac.authorization.k8s.io/v1',
  'scheduling.k8s.io/v1',
]);

/**
 * Kinds from custom resource definitions: each needs its CRD's schema vendored under
 * test/infra/schemas/ (with its source named) or a line here saying why it is not validated.
 * The base has none; the overlays (cert-manager, Gateway API, External Secrets) will.
 */
const NOT_VALIDATED: Record<string, string> = {};

function render(dir: string): K8sObject[] {
  let output: string;
  try {
    output = execFileSync('kubectl', ['kustomize', join(ROOT, dir)], { encoding: 'utf8', maxBuffer: 32 << 20 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('kubectl is not installed: these tests render the manifests with `kubectl kustomize`', {
        cause: error,
      });
    throw error;
  }
  return parseAllDocuments(output).map((document) => {
    if (document.errors.length > 0) throw document.errors[0];
    return document.toJS() as K8sObject;
  });
}

interface Validatable {
  validate(): void;
}
type ModelClass = new (data: unknown) => Validatable;

/** The model class of an object's apiVersion and kind, e.g. `kubernetes-models/apps/v1/Deployment`. */
async function modelOf(object: K8sObject): Promise<ModelClass | undefined> {
  try {
    const module = (await import(`kubernetes-models/${object.apiVersion}/${object.kind}`)) as Record<string, unknown>;
    return module[object.kind] as ModelClass | undefined;
  } catch {
    return undefined;
  }
}

interface Container {
  name: string;
  image: string;
  env?: Array<{ name: string; value?: string; valueFrom?: Record<string, unknown> }>;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: {
    runAsNonRoot?: boolean;
    runAsUser?: number;
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    capabilities?: { drop?: string[]; add?: string[] };
  };
  livenessProbe?: object;
  readinessProbe?: object;
}

const objects = render(K8S_DIR);
const label = (object: K8sObject) => `${object.kind} ${object.metadata.name}`;
const workloads = objects.filter((object) => object.kind === 'Deployment' || object.kind === 'StatefulSet');
const containersOf = (workload: K8sObject): Container[] => {
  const pod = workload.spec.template.spec;
  return [...(pod.initContainers ?? []), ...pod.containers];
};

/** Names whose values are credentials: they may only come from a Secret. */
const SECRET_NAME = /PASSWORD|SECRET|TOKEN|_KEYS?$|DATABASE_URL|SMTP_URL/;
/** Keys named like credentials that are public by design (Stripe serves this one to every browser). */
const PUBLIC_BY_DESIGN = new Set(['STRIPE_PUBLISHABLE_KEY']);
const isSecretName = (name: string) => SECRET_NAME.test(name) && !PUBLIC_BY_DESIGN.has(name);

/** A URL carrying a password written out, as opposed to `$(VARIABLE)` expanded from a Secret. */
const LITERAL_CREDENTIAL = /:\/\/[^/\s:@]*:(?!\$\()[^@\s]+@/;

describe(`infra/k8s/base rendered by kustomize, against the Kubernetes ${TARGET_KUBERNETES} schemas`, () => {
  it('validates every rendered object against its schema', async () => {
    const counts = new Map<string, number>();
    const problems: string[] = [];
    for (const object of objects) {
      const kind = `${object.apiVersion} ${object.kind}`;
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
      if (NOT_VALIDATED[kind]) continue;
      if (!SERVED_API_VERSIONS.has(object.apiVersion)) {
        problems.push(`${label(object)}: ${object.apiVersion} is not served by Kubernetes ${TARGET_KUBERNETES}`);
        continue;
      }
      const Model = await modelOf(object);
      if (!Model) {
        problems.push(`${label(object)}: no schema for ${kind} (vendor its CRD or list it in NOT_VALIDATED)`);
        continue;
      }
      try {
        new Model(object).validate();
      } catch (error) {
        problems.push(`${label(object)}: ${(error as Error).message}`);
      }
    }
    const summary = [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([kind, count]) => `  ${count} × ${kind}`);
    const skipped = Object.entries(NOT_VALIDATED).map(([kind, why]) => `  not validated: ${kind} (${why})`);
    console.log(
      [
        `${K8S_DIR}: ${objects.length} objects validated against Kubernetes ${TARGET_KUBERNETES}`,
        ...summary,
        ...skipped,
      ].join('\n'),
    );
    expect(problems).toEqual([]);
    expect(objects.length).toBeGreaterThan(0);
  });

  it.each(workloads.map((workload) => [label(workload), workload] as const))(
    '%s: every container non-root, read-only, unprivileged, bounded and probed',
    (_name, workload) => {
      const pod = workload.spec.template.spec;
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
      expect(pod.automountServiceAccountToken).toBe(false);
      for (const container of containersOf(workload)) {
        const context = container.securityContext ?? {};
        const found = {
          container: container.name,
          nonRoot: context.runAsNonRoot !== false && (context.runAsUser ?? pod.securityContext.runAsUser) > 0,
          readOnlyRootFilesystem: context.readOnlyRootFilesystem,
          allowPrivilegeEscalation: context.allowPrivilegeEscalation,
          dropsAll: context.capabilities?.drop?.includes('ALL'),
          adds: context.capabilities?.add ?? [],
          requests: Object.keys(container.resources?.requests ?? {}).sort(),
          limits: Object.keys(container.resources?.limits ?? {}).sort(),
          liveness: container.livenessProbe !== undefined,
          readiness: container.readinessProbe !== undefined,
        };
        expect(found).toEqual({
          container: container.name,
          nonRoot: true,
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          dropsAll: true,
          adds: [],
          requests: expect.arrayContaining(['cpu', 'memory']),
          limits: expect.arrayContaining(['cpu', 'memory']),
          liveness: true,
          readiness: true,
        });
      }
    },
  );

  it('names every image with a tag or digest, never latest', () => {
    const images = workloads.flatMap((workload) => containersOf(workload).map((container) => container.image));
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      const reference = image.split('@')[0]!;
      const tag = reference.includes(':', reference.lastIndexOf('/')) ? reference.split(':').pop() : undefined;
      expect({ image, pinned: image.includes('@sha256:') || (tag !== undefined && tag !== 'latest') }).toEqual({
        image,
        pinned: true,
      });
    }
  });

  it('holds no secret literally: no Secret objects, credentials only by secretKeyRef', () => {
    expect(objects.filter((object) => object.kind === 'Secret').map(label)).toEqual([]);
    const literal: string[] = [];
    for (const object of objects.filter((candidate) => candidate.kind === 'ConfigMap')) {
      for (const [key, value] of Object.entries(object.data ?? {})) {
        if (isSecretName(key) || LITERAL_CREDENTIAL.test(value)) literal.push(`${label(object)} ${key}`);
      }
    }
    for (const workload of workloads) {
      for (const container of containersOf(workload)) {
        for (const variable of container.env ?? []) {
          const where = `${label(workload)} ${container.name} ${variable.name}`;
          if (variable.value === undefined) {
            if (isSecretName(variable.name) && !variable.valueFrom?.secretKeyRef) literal.push(where);
          } else if (LITERAL_CREDENTIAL.test(variable.value) || (isSecretName(variable.name) && variable.value)) {
            literal.push(where);
          }
        }
      }
    }
    expect(literal).toEqual([]);
  });
});
