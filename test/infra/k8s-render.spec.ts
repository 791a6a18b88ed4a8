import { describe, expect, it } from '@jest/globals';
import { K8S_DIR, K8S_OVERLAYS, renderKustomize, type K8sObject } from './infra-helpers.js';

/**
 * The base and each overlay as `kubectl apply -k` sends them: rendered by kustomize, validated
 * against the Kubernetes OpenAPI schemas and those of the custom resources, then held to the
 * platform's pod and secret policies. The production overlay's own policies: k8s-overlays.spec.ts.
 *
 * Schemas, precompiled into validators that run offline. Built-in kinds: `kubernetes-models` 5.x,
 * generated from the OpenAPI of Kubernetes v1.36.0 (its changelog). Custom resources: the same
 * family's models of each project's API (generated from its Go API types, so its CRD schema):
 * `@kubernetes-models/gateway-api` 2.x (Gateway API, gateway.networking.k8s.io/v1),
 * `@kubernetes-models/cert-manager` 6.x (cert-manager.io/v1), `@kubernetes-models/external-secrets`
 * 2.x (external-secrets.io/v1), `@kubernetes-models/prometheus-operator` 6.x
 * (monitoring.coreos.com/v1) and `@kubernetes-models/envoy-gateway` 2.x (gateway.envoyproxy.io/v1alpha1). They check types, formats (quantities, ports), enums and required
 * fields; like the API server's OpenAPI they do not reject unknown fields.
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

/** Custom resources: the package with the models of each group version the overlays use. */
const CRD_MODELS: Record<string, string> = {
  'gateway.networking.k8s.io/v1': '@kubernetes-models/gateway-api',
  'cert-manager.io/v1': '@kubernetes-models/cert-manager',
  'external-secrets.io/v1': '@kubernetes-models/external-secrets',
  'monitoring.coreos.com/v1': '@kubernetes-models/prometheus-operator',
  'gateway.envoyproxy.io/v1alpha1': '@kubernetes-models/envoy-gateway',
};

/** Kinds rendered but not validated, each with why. None: every kind has a schema above. */
const NOT_VALIDATED: Record<string, string> = {};

interface Validatable {
  validate(): void;
}
type ModelClass = new (data: unknown) => Validatable;

/** The model class of an object's apiVersion and kind, e.g. `kubernetes-models/apps/v1/Deployment`. */
async function modelOf(object: K8sObject): Promise<ModelClass | undefined> {
  const crdPackage = CRD_MODELS[object.apiVersion];
  const from = crdPackage ?? (SERVED_API_VERSIONS.has(object.apiVersion) ? 'kubernetes-models' : undefined);
  if (!from) return undefined;
  try {
    const module = (await import(`${from}/${object.apiVersion}/${object.kind}`)) as Record<string, unknown>;
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

const label = (object: K8sObject) => `${object.kind} ${object.metadata.name}`;
const POD_KINDS = new Set(['Deployment', 'StatefulSet', 'Job']);
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

/** Tag and digest of an image reference (`registry:5000/name:tag@sha256:…`). */
function imageReference(image: string): { tag?: string; digest?: string } {
  const [reference = '', digest] = image.split('@');
  const slash = reference.lastIndexOf('/');
  const colon = reference.lastIndexOf(':');
  return { tag: colon > slash ? reference.slice(colon + 1) : undefined, digest };
}

/**
 * The object as the API server decodes it. kustomize's secretGenerator wraps long base64 values over
 * several lines; Go's base64 decoder skips the line breaks, the schema's `byte` format does not.
 */
function asSent(object: K8sObject): K8sObject {
  if (object.kind !== 'Secret' || !object.data) return object;
  const data = Object.fromEntries(Object.entries(object.data).map(([key, value]) => [key, value.replace(/\s/g, '')]));
  return { ...object, data };
}

const rendered = {
  base: renderKustomize(K8S_DIR),
  dev: renderKustomize(K8S_OVERLAYS.dev),
  prod: renderKustomize(K8S_OVERLAYS.prod),
};

describe.each(Object.entries(rendered))(
  `%s rendered by kustomize, against the Kubernetes ${TARGET_KUBERNETES} and CRD schemas`,
  (name, objects) => {
    const workloads = objects.filter((object) => POD_KINDS.has(object.kind));

    it('validates every rendered object against its schema', async () => {
      const counts = new Map<string, number>();
      const problems: string[] = [];
      for (const object of objects) {
        const kind = `${object.apiVersion} ${object.kind}`;
        counts.set(kind, (counts.get(kind) ?? 0) + 1);
        if (NOT_VALIDATED[kind]) continue;
        if (!SERVED_API_VERSIONS.has(object.apiVersion) && !CRD_MODELS[object.apiVersion]) {
          problems.push(`${label(object)}: ${object.apiVersion} is not served by Kubernetes ${TARGET_KUBERNETES}`);
          continue;
        }
        const Model = await modelOf(object);
        if (!Model) {
          problems.push(`${label(object)}: no schema for ${kind} (vendor its CRD or list it in NOT_VALIDATED)`);
          continue;
        }
        try {
          new Model(asSent(object)).validate();
        } catch (error) {
          problems.push(`${label(object)}: ${(error as Error).message}`);
        }
      }
      const summary = [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([kind, count]) => `  ${count} × ${kind}`);
      const skipped = Object.entries(NOT_VALIDATED).map(([kind, why]) => `  not validated: ${kind} (${why})`);
      console.log([`${name}: ${objects.length} objects validated`, ...summary, ...skipped].join('\n'));
      expect(problems).toEqual([]);
      expect(objects.length).toBeGreaterThan(0);
    });

    it('puts every namespaced object in the medtutor namespace', () => {
      const elsewhere = objects.filter(
        (object) => object.kind !== 'Namespace' && object.metadata.namespace !== 'medtutor',
      );
      expect(elsewhere.map(label)).toEqual([]);
    });

    it.each(workloads.map((workload) => [label(workload), workload] as const))(
      '%s: every container non-root, read-only, unprivileged and bounded; long-running ones probed',
      (_name, workload) => {
        const pod = workload.spec.template.spec;
        const longRunning = workload.kind !== 'Job';
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
            // Memory only for the long-running ones: no CPU limit to throttle them (prod-edge.spec.ts).
            limits: expect.arrayContaining(['memory']),
            liveness: longRunning,
            readiness: longRunning,
          });
        }
      },
    );

    it(
      name === 'base'
        ? "names each app image with the tag set-by-overlay, which no registry has, and the others' versions"
        : "names every image with a tag or digest of its own, never latest nor the base's set-by-overlay",
      () => {
        const images = workloads.flatMap((workload) => containersOf(workload).map((container) => container.image));
        expect(images.length).toBeGreaterThan(0);
        for (const image of images) {
          const { tag, digest } = imageReference(image);
          const app = image.startsWith('medtutor/');
          const expected =
            name === 'base' && app
              ? tag === 'set-by-overlay'
              : digest?.startsWith('sha256:') || (tag !== undefined && !['latest', 'set-by-overlay'].includes(tag));
          expect({ image, pinned: expected }).toEqual({ image, pinned: true });
        }
      },
    );

    it('writes no credential into a ConfigMap or a container, only secretKeyRef', () => {
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

    it(
      name === 'dev'
        ? 'has Secrets only from its generator, every credential in them marked publishedDevOnly'
        : 'has no Secret objects: every Secret comes from outside the repository',
      () => {
        const secrets = objects.filter((object) => object.kind === 'Secret');
        if (name !== 'dev') {
          expect(secrets.map(label)).toEqual([]);
          return;
        }
        expect(secrets.length).toBeGreaterThan(0);
        const unmarked: string[] = [];
        for (const secret of secrets) {
          // kustomize's generator names a Secret after its content: `<name>-<hash>`.
          expect(secret.metadata.name).toMatch(/-[a-z0-9]{10}$/);
          for (const [key, encoded] of Object.entries(secret.data ?? {})) {
            const value = Buffer.from(encoded, 'base64').toString('utf8');
            const credential = /PASSWORD|SECRET_KEY|SESSION_SECRET|TOTP|DATABASE_URL/.test(key);
            if (credential && value && !value.includes('publishedDevOnly')) unmarked.push(`${label(secret)} ${key}`);
          }
        }
        expect(unmarked).toEqual([]);
      },
    );
  },
);
