import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { testActorKeys, withVerifiedTls } from '@medtutor/nest-kit/testing';
import {
  APPS,
  configProblems,
  exists,
  K8S_OVERLAYS,
  read,
  renderKustomize,
  ROOT,
  SERVICES,
  type K8sObject,
} from './infra-helpers.js';

/**
 * The overlays' own promises, on what `kubectl apply -k` sends (pod security, schemas and pinned
 * images for every overlay: k8s-render.spec.ts). Production: managed databases and every Secret by
 * reference, autoscaled and spread apps with disruption budgets, the Gateway API in front, a
 * 3-server NATS with authorization, a migration Job per service. Development: one replica each,
 * PostgreSQL in the cluster, generated development Secrets the apps accept only outside production.
 */

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    configMapKeyRef?: { name: string; key: string };
  };
}
interface Container {
  name: string;
  image: string;
  command?: string[];
  env?: EnvVar[];
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
}

const label = (object: K8sObject) => `${object.kind} ${object.metadata.name}`;
/** A Job by its `app.kubernetes.io/name` too: prod names each Job after the release (`identity-migrate-1-0-0`). */
const finder = (objects: K8sObject[]) => (kind: string, name: string) =>
  objects.find(
    (object) =>
      object.kind === kind &&
      (object.metadata.name === name ||
        (kind === 'Job' && object.metadata.labels?.['app.kubernetes.io/name'] === name)),
  );
const containersOf = (workload: K8sObject): Container[] => workload.spec.template.spec.containers;
const of = (objects: K8sObject[], kind: string) => objects.filter((object) => object.kind === kind);

/** Whether a label selector (matchLabels and In expressions) selects pods with these labels. */
function selects(
  selector: { matchLabels?: Record<string, string>; matchExpressions?: Array<{ key: string; values: string[] }> },
  labels: Record<string, string>,
): boolean {
  return (
    Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value) &&
    (selector.matchExpressions ?? []).every((expression) => expression.values.includes(labels[expression.key] ?? ''))
  );
}

/**
 * What a container's process sees: its ConfigMaps, then its own env (ConfigMap keys looked up), each
 * secret from `secret` (Kubernetes expands `$(NAME)` from the variables before it). Optional secrets
 * absent from `secret` stay unset.
 */
function environmentOf(
  container: Container,
  objects: K8sObject[],
  secret: (ref: { name: string; key: string }) => string | undefined,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    const configMap = source.configMapRef && finder(objects)('ConfigMap', source.configMapRef.name);
    Object.assign(env, configMap?.data ?? {});
  }
  for (const variable of container.env ?? []) {
    const ref = variable.valueFrom?.secretKeyRef;
    const configKey = variable.valueFrom?.configMapKeyRef;
    const value =
      variable.value?.replace(/\$\((\w+)\)/g, (whole, name: string) => env[name] ?? whole) ??
      (ref && secret(ref)) ??
      (configKey && finder(objects)('ConfigMap', configKey.name)?.data?.[configKey.key]);
    if (value !== undefined) env[variable.name] = value;
  }
  return env;
}

/** Every Secret key a workload reads: `name/key`, optional ones marked. */
function secretKeysRead(workloads: K8sObject[]): Map<string, { optional: boolean; by: string }> {
  const keys = new Map<string, { optional: boolean; by: string }>();
  for (const workload of workloads) {
    for (const container of containersOf(workload)) {
      for (const variable of container.env ?? []) {
        const ref = variable.valueFrom?.secretKeyRef;
        if (ref) keys.set(`${ref.name}/${ref.key}`, { optional: ref.optional === true, by: label(workload) });
      }
    }
  }
  return keys;
}

/** Prints an overlay's objects kind by kind (the closing note lists them from this). */
function logObjects(overlay: string, objects: K8sObject[]): void {
  const counts = new Map<string, string[]>();
  for (const object of objects) counts.set(object.kind, [...(counts.get(object.kind) ?? []), object.metadata.name]);
  const lines = [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, names]) => `  ${names.length} × ${kind}: ${names.sort().join(', ')}`);
  console.log([`${overlay}: ${objects.length} objects`, ...lines].join('\n'));
}

describe('infra/k8s/overlays/prod', () => {
  const objects = renderKustomize(K8S_OVERLAYS.prod);
  const find = finder(objects);
  const deployments = of(objects, 'Deployment');
  const workloads = objects.filter((object) => ['Deployment', 'StatefulSet', 'Job'].includes(object.kind));
  const platformConfig = find('ConfigMap', 'platform-config')?.data ?? {};
  /** `Secret name/key` of everything the ExternalSecrets sync. */
  const provided = new Set(
    of(objects, 'ExternalSecret').flatMap((secret) =>
      (secret.spec.data as Array<{ secretKey: string }>).map((item) => `${secret.spec.target.name}/${item.secretKey}`),
    ),
  );

  it('lists what it applies, kind by kind', () => {
    logObjects('prod', objects);
    expect(deployments.map((deployment) => deployment.metadata.name).sort()).toEqual(
      APPS.map((app) => app.name).sort(),
    );
  });

  it('pins every image to a release: a digest or a versioned tag', () => {
    for (const workload of workloads) {
      for (const container of containersOf(workload)) {
        expect({
          image: container.image,
          pinned: /@sha256:[0-9a-f]{64}$|:[^:/@]*\d[^:/@]*$/.test(container.image),
        }).toEqual({ image: container.image, pinned: true });
      }
    }
  });

  it('holds no Secret: an ExternalSecret from the ClusterSecretStore provides every key the pods read', () => {
    expect(of(objects, 'Secret')).toEqual([]);
    const external = of(objects, 'ExternalSecret');
    for (const secret of external) {
      expect(secret.spec.secretStoreRef).toEqual({ kind: 'ClusterSecretStore', name: 'medtutor' });
      expect(secret.spec.target.name).toBe(secret.metadata.name);
      for (const item of secret.spec.data as Array<{
        secretKey: string;
        remoteRef: { key: string; property: string };
      }>) {
        expect(item.remoteRef).toEqual({ key: `medtutor/${secret.metadata.name}`, property: item.secretKey });
      }
    }
    const missing = [...secretKeysRead(workloads)]
      .filter(([key, use]) => !use.optional && !provided.has(key))
      .map(([key, use]) => `${key} (${use.by})`);
    expect(missing).toEqual([]);
    // The NATS servers take every user's password from the whole Secret.
    const users = [...read('infra/nats/authorization.conf').matchAll(/password: \$(\w+)/g)].map((match) => match[1]);
    for (const key of users) expect(provided).toContain(`nats-users/${key}`);
    // The TLS certificate is cert-manager's, not the store's.
    expect(external.map((secret) => secret.metadata.name)).not.toContain('medpath-tls');
  });

  it('keeps the placeholders of the base out: no replace_me, changeme or publishedDevOnly anywhere', () => {
    const text = JSON.stringify(objects);
    expect(text).not.toMatch(/replace[_-]?me\b|change[_-]?me\b|publishedDevOnly/i);
    expect(platformConfig.STRIPE_PUBLISHABLE_KEY).toBeUndefined();
  });

  it.each(APPS)('gives $name everything its configuration requires in production', async (app) => {
    const container = containersOf(find('Deployment', app.name)!)[0]!;
    // Only what the ExternalSecrets provide: an optional key they leave out stays unset.
    const env = environmentOf(container, objects, ({ name, key }) =>
      provided.has(`${name}/${key}`) ? productionStandIn(key) : undefined,
    );
    expect(env.NODE_ENV).toBe('production');
    expect(await configProblems(app, env)).toEqual([]);
  });

  it('autoscales the gateway and each service from two replicas, and leaves the count to the autoscaler', () => {
    const autoscalers = of(objects, 'HorizontalPodAutoscaler');
    for (const deployment of deployments) {
      const hpa = autoscalers.find((candidate) => candidate.spec.scaleTargetRef.name === deployment.metadata.name);
      expect({ deployment: deployment.metadata.name, target: hpa?.spec.scaleTargetRef }).toEqual({
        deployment: deployment.metadata.name,
        target: { apiVersion: 'apps/v1', kind: 'Deployment', name: deployment.metadata.name },
      });
      expect(hpa?.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa?.spec.maxReplicas).toBeGreaterThan(hpa?.spec.minReplicas);
      expect(hpa?.spec.metrics[0].resource.name).toBe('cpu');
      expect(deployment.spec.replicas).toBeUndefined();
    }
    expect(autoscalers).toHaveLength(APPS.length);
  });

  it('gives every Deployment a disruption budget and spreads its pods over nodes and zones', () => {
    const budgets = of(objects, 'PodDisruptionBudget');
    for (const deployment of deployments) {
      const labels = deployment.spec.template.metadata.labels;
      const covering = budgets.filter((budget) => selects(budget.spec.selector, labels));
      expect({ deployment: deployment.metadata.name, budgets: covering.length }).toEqual({
        deployment: deployment.metadata.name,
        budgets: 1,
      });
      expect(covering[0]?.spec.minAvailable).toBe(1);
      const spread = deployment.spec.template.spec.topologySpreadConstraints as Array<{ topologyKey: string }>;
      expect(spread.map((constraint) => constraint.topologyKey).sort()).toEqual([
        'kubernetes.io/hostname',
        'topology.kubernetes.io/zone',
      ]);
    }
  });

  it('runs NATS as three JetStream servers with the platform users, and replicates streams on all three', () => {
    const nats = find('StatefulSet', 'nats');
    expect(nats?.spec.replicas).toBe(3);
    const config = find('ConfigMap', 'nats-config')?.data ?? {};
    expect(config['nats.conf']).toMatch(/jetstream \{/);
    expect(config['nats.conf']).toMatch(/cluster \{/);
    expect(config['nats.conf']).toMatch(/^ {0}include \.\/authorization\.conf$/m);
    expect(containersOf(nats!)[0]?.envFrom).toEqual([{ secretRef: { name: 'nats-users' } }]);
    expect(platformConfig.JETSTREAM_REPLICAS).toBe('3');
    expect(find('PodDisruptionBudget', 'nats')?.spec.maxUnavailable).toBe(1);
  });

  describe('TLS inside: NATS with cert-manager certificates from the internal CA', () => {
    const CA_DIR = '/etc/medtutor/internal-ca';
    const natsConfig = find('ConfigMap', 'nats-config')?.data ?? {};
    const certificate = (name: string) => find('Certificate', name)?.spec;

    it('issues the NATS certificate from a CA Issuer of its own, bootstrapped self-signed', () => {
      const ca = certificate('medtutor-internal-ca');
      expect(ca).toMatchObject({ isCA: true, secretName: 'medtutor-internal-ca' });
      // A renewed CA keeps its key: what it signed before stays trusted, no app restarts.
      expect(ca?.privateKey.rotationPolicy).toBe('Never');
      expect(find('Issuer', ca?.issuerRef.name)?.spec).toEqual({ selfSigned: {} });
      expect(find('Issuer', 'medtutor-internal-ca')?.spec).toEqual({ ca: { secretName: 'medtutor-internal-ca' } });
      const issuedByCa = { group: 'cert-manager.io', kind: 'Issuer', name: 'medtutor-internal-ca' };
      expect(certificate('nats-tls')).toMatchObject({ secretName: 'nats-tls', issuerRef: issuedByCa });
      // The names the clients and the routes use, and a client usage for the mutual route TLS.
      expect(certificate('nats-tls')?.dnsNames).toEqual(expect.arrayContaining(['nats', '*.nats-headless']));
      expect(certificate('nats-tls')?.usages).toEqual(expect.arrayContaining(['server auth', 'client auth']));
      expect(certificate('nats-tls')?.renewBefore).toMatch(/^\d+h$/);
    });

    it('requires TLS from NATS clients and runs the routes as mutual TLS with verify, from the certificate', () => {
      expect(natsConfig['nats.conf']).toMatch(/^ {0}include \.\/client-tls\.conf$/m);
      expect(natsConfig['nats.conf']).toMatch(/cluster \{[^}]*\n {2}include \.\/cluster-tls\.conf\n\}/);
      const client = natsConfig['client-tls.conf'] ?? '';
      expect(client).toMatch(/^tls \{/);
      expect(client).toContain('cert_file: /etc/nats-tls/tls.crt');
      expect(client).toContain('key_file: /etc/nats-tls/tls.key');
      const cluster = natsConfig['cluster-tls.conf'] ?? '';
      expect(cluster).toContain('ca_file: /etc/nats-tls/ca.crt');
      expect(cluster).toMatch(/^\s*verify: true$/m);
      expect(cluster).toMatch(/^advertise: \$NATS_CLUSTER_ADVERTISE$/m);
      const nats = find('StatefulSet', 'nats')!;
      const server = nats.spec.template.spec.containers[0];
      expect(server.volumeMounts).toContainEqual({ name: 'tls', mountPath: '/etc/nats-tls', readOnly: true });
      expect(nats.spec.template.spec.volumes).toContainEqual({ name: 'tls', secret: { secretName: 'nats-tls' } });
      const env = (server.env as EnvVar[]).map((variable) => variable.name);
      expect(env.indexOf('NATS_CLUSTER_ADVERTISE')).toBeGreaterThan(env.indexOf('POD_NAME'));
      expect(nats.metadata.annotations?.['secret.reloader.stakater.com/reload']).toBe('nats-tls');
    });

    it.each(APPS)('connects $name to NATS with tls:// and the internal CA (its certificate only) mounted', (app) => {
      const deployment = find('Deployment', app.name)!;
      const container = containersOf(deployment)[0]!;
      const env = environmentOf(container, objects, () => 'secret');
      expect(env.NATS_URL?.split(',').every((server) => server.startsWith('tls://'))).toBe(true);
      expect(env.NATS_CA_FILE).toBe(`${CA_DIR}/ca.crt`);
      const mounts = (container as { volumeMounts?: Array<{ name: string; mountPath: string }> }).volumeMounts;
      expect(mounts).toContainEqual({ name: 'internal-ca', mountPath: CA_DIR, readOnly: true });
      expect(deployment.spec.template.spec.volumes).toContainEqual({
        name: 'internal-ca',
        secret: { secretName: 'medtutor-internal-ca', items: [{ key: 'ca.crt', path: 'ca.crt' }] },
      });
    });

    it('provisions the streams over tls:// with the internal CA, like the apps', () => {
      const job = find('Job', 'events-provision')!;
      const container = containersOf(job)[0]!;
      const env = environmentOf(container, objects, () => 'secret');
      expect(env.NATS_URL?.split(',').every((server) => server.startsWith('tls://'))).toBe(true);
      expect(env.NATS_CA_FILE).toBe(`${CA_DIR}/ca.crt`);
      const mounts = (container as { volumeMounts?: Array<{ name: string; mountPath: string }> }).volumeMounts;
      expect(mounts).toContainEqual({ name: 'internal-ca', mountPath: CA_DIR, readOnly: true });
      expect(job.spec.template.spec.volumes).toContainEqual({
        name: 'internal-ca',
        secret: { secretName: 'medtutor-internal-ca', items: [{ key: 'ca.crt', path: 'ca.crt' }] },
      });
    });
  });

  it('opens HTTPS to listed addresses only: Stripe for catalog-payments, the bucket for the backups', () => {
    type Rule = { to?: Array<{ ipBlock?: { cidr: string; except?: string[] } }>; ports?: Array<{ port: number }> };
    const policies = of(objects, 'NetworkPolicy');
    const https = policies.filter((policy) =>
      ((policy.spec.egress ?? []) as Rule[]).some((rule) => rule.ports?.some((port) => port.port === 443)),
    );
    expect(https.map((policy) => policy.metadata.name).sort()).toEqual([
      'backup-object-storage',
      'catalog-payments-stripe',
    ]);
    expect(find('NetworkPolicy', 'catalog-payments-stripe')?.spec.podSelector).toEqual({
      matchLabels: { 'app.kubernetes.io/name': 'catalog-payments' },
    });
    for (const policy of https) {
      for (const rule of policy.spec.egress as Rule[]) {
        expect(rule.ports).toEqual([{ protocol: 'TCP', port: 443 }]);
        for (const peer of rule.to ?? []) {
          // Addresses, not "the internet minus the private ranges": no /0, no short prefix, no except.
          const [, prefix = '0'] = peer.ipBlock?.cidr.split('/') ?? [];
          expect({ policy: policy.metadata.name, peer, narrow: Number(prefix) >= 16 && !peer.ipBlock?.except }).toEqual(
            { policy: policy.metadata.name, peer, narrow: true },
          );
        }
      }
    }
    // All the lists in one file of the overlay.
    const allowlist = read('infra/k8s/overlays/prod/egress-allowlist.yaml');
    for (const policy of https) expect(allowlist).toContain(`name: ${policy.metadata.name}\n`);
  });

  it('serves the site through the Gateway API with a cert-manager certificate, never an Ingress', () => {
    expect(objects.filter((object) => object.kind === 'Ingress')).toEqual([]);
    const gateway = find('Gateway', 'medtutor');
    const host = new URL(platformConfig.PUBLIC_BASE_URL ?? '').host;
    const listeners = gateway?.spec.listeners as Array<{
      name: string;
      protocol: string;
      port: number;
      hostname: string;
      tls?: { certificateRefs: Array<{ name: string }> };
    }>;
    const https = listeners.find((listener) => listener.protocol === 'HTTPS');
    expect(https).toMatchObject({ port: 443, hostname: host });
    const certificate = find('Certificate', https!.tls!.certificateRefs[0]!.name);
    expect(certificate?.spec).toMatchObject({ secretName: 'medpath-tls', dnsNames: [host] });
    expect(certificate?.spec.issuerRef).toMatchObject({ group: 'cert-manager.io', kind: 'ClusterIssuer' });

    const routes = of(objects, 'HTTPRoute');
    const site = routes.find((route) => route.spec.parentRefs[0].sectionName === https!.name);
    expect(site?.spec.hostnames).toEqual([host]);
    expect(site?.spec.rules).toEqual([
      {
        matches: [{ path: { type: 'PathPrefix', value: '/' } }],
        backendRefs: [{ name: 'gateway', port: 8080 }],
        timeouts: expect.any(Object), // prod-edge.spec.ts
      },
    ]);
    expect(find('Service', 'gateway')?.spec.ports[0].port).toBe(8080);
    const http = listeners.find((listener) => listener.protocol === 'HTTP');
    const redirect = routes.find((route) => route.spec.parentRefs[0].sectionName === http?.name);
    expect(redirect?.spec.rules).toEqual([
      { filters: [{ type: 'RequestRedirect', requestRedirect: { scheme: 'https', statusCode: 301 } }] },
    ]);
    expect(new URL(platformConfig.PUBLIC_BASE_URL ?? '').protocol).toBe('https:');
    expect(platformConfig.SUPPORT_EMAIL?.endsWith(`@${host}`)).toBe(true);
  });

  it("admits only the Gateway's proxy pods to the gateway, on its port", () => {
    const policy = find('NetworkPolicy', 'gateway');
    expect(policy?.spec.ingress).toEqual([
      {
        from: [
          {
            namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'envoy-gateway-system' } },
            podSelector: {
              matchLabels: {
                'gateway.envoyproxy.io/owning-gateway-name': 'medtutor',
                'gateway.envoyproxy.io/owning-gateway-namespace': 'medtutor',
              },
            },
          },
        ],
        ports: [{ protocol: 'TCP', port: 8080 }],
      },
    ]);
  });

  it('migrates each database with a Job from the service image, and starts the services with MIGRATE_ON_START=false', () => {
    expect(platformConfig.MIGRATE_ON_START).toBe('false');
    const jobs = of(objects, 'Job');
    expect(jobs.map((job) => job.metadata.labels?.['app.kubernetes.io/name']).sort()).toEqual(
      [...SERVICES.map((app) => `${app.name}-migrate`), 'events-provision'].sort(),
    );
    for (const app of SERVICES) {
      const job = find('Job', `${app.name}-migrate`)!;
      const deployment = find('Deployment', app.name)!;
      const [migrate] = containersOf(job);
      const [service] = containersOf(deployment);
      expect(migrate?.image).toBe(service?.image);
      expect(migrate?.command).toEqual([
        'node',
        'packages/nest-kit/dist/cli/migrate.js',
        `services/${app.name}/prisma/migrations`,
      ]);
      // The image ships both (infra/docker/app.mjs, run from the root as in the image build).
      const { ship } = JSON.parse(
        execFileSync(process.execPath, [join(ROOT, 'infra/docker/app.mjs'), 'plan', app.name], {
          cwd: ROOT,
          encoding: 'utf8',
        }),
      ) as { ship: string[] };
      expect(ship).toEqual(
        expect.arrayContaining(['packages/nest-kit/dist', `services/${app.name}/prisma/migrations`]),
      );
      expect(exists('packages/nest-kit/src/cli/migrate.ts')).toBe(true);
      const databaseRef = (container?: Container, name = app.databaseVar) =>
        container?.env?.find((variable) => variable.name === name)?.valueFrom?.secretKeyRef;
      expect(databaseRef(migrate, 'DATABASE_URL')).toEqual(databaseRef(service));
      expect(job.spec.template.spec.restartPolicy).toBe('Never');
      expect(job.spec.ttlSecondsAfterFinished).toBeGreaterThan(0);
      expect(job.spec.backoffLimit).toBeGreaterThan(0);
      // Its pods are no endpoints of the service, count in no budget and admit them to the database only.
      const jobLabels = job.spec.template.metadata.labels;
      expect(selects({ matchLabels: find('Service', app.name)!.spec.selector }, jobLabels)).toBe(false);
      expect(selects(find('PodDisruptionBudget', app.name)!.spec.selector, jobLabels)).toBe(false);
      expect(selects(deployment.spec.selector, jobLabels)).toBe(false);
      const policies = of(objects, 'NetworkPolicy')
        .filter((policy) => selects(policy.spec.podSelector, jobLabels))
        .map((policy) => policy.metadata.name)
        .sort();
      expect(policies).toEqual([`${app.name}-database`, 'default-deny', 'dns'].sort());
    }
  });

  it('provisions the streams and consumers with a Job as the provisioner user, with the platform’s replicas', () => {
    const job = find('Job', 'events-provision')!;
    const [provision] = containersOf(job);
    expect(provision?.image).toBe(containersOf(find('Deployment', 'identity')!)[0]?.image);
    expect(provision?.command).toEqual(['node', 'packages/nest-kit/dist/cli/events.js', 'provision']);
    expect(exists('packages/nest-kit/src/cli/events.ts')).toBe(true);
    const env = Object.fromEntries((provision?.env ?? []).map((variable) => [variable.name, variable]));
    expect(env.NATS_USER).toEqual({ name: 'NATS_USER', value: 'provisioner' });
    expect(env.NATS_PASSWORD?.valueFrom?.secretKeyRef).toEqual({
      name: 'nats-users',
      key: 'NATS_PROVISIONER_PASSWORD',
    });
    for (const name of ['NATS_URL', 'JETSTREAM_REPLICAS', 'EVENT_RETENTION_DAYS']) {
      expect(env[name]?.valueFrom).toEqual({ configMapKeyRef: { name: 'platform-config', key: name } });
    }
    expect(platformConfig.JETSTREAM_REPLICAS).toBe('3');
    expect(job.spec.template.spec.restartPolicy).toBe('Never');
    expect(job.spec.backoffLimit).toBeGreaterThan(0);
    // No app holds the provisioner's password.
    for (const app of SERVICES) {
      const refs = containersOf(find('Deployment', app.name)!).flatMap((container) =>
        (container.env ?? []).map((variable) => variable.valueFrom?.secretKeyRef?.key),
      );
      expect(refs).not.toContain('NATS_PROVISIONER_PASSWORD');
    }
    const policies = of(objects, 'NetworkPolicy')
      .filter((policy) => selects(policy.spec.podSelector, job.spec.template.metadata.labels))
      .map((policy) => policy.metadata.name)
      .sort();
    expect(policies).toEqual(['default-deny', 'dns', 'events-provision']);
  });
});

describe('infra/k8s/overlays/dev', () => {
  const objects = renderKustomize(K8S_OVERLAYS.dev);
  const find = finder(objects);
  const secretsByName = new Map(
    of(objects, 'Secret').map((secret) => [secret.metadata.name.replace(/-[a-z0-9]{10}$/, ''), secret]),
  );
  const secretValue = ({ name, key }: { name: string; key: string }) => {
    const encoded = secretsByName.get(name.replace(/-[a-z0-9]{10}$/, ''))?.data?.[key];
    return encoded === undefined ? undefined : Buffer.from(encoded.replace(/\s/g, ''), 'base64').toString('utf8');
  };

  it('lists what it applies, kind by kind', () => {
    logObjects('dev', objects);
    expect(of(objects, 'Ingress')).toEqual([]);
  });

  it('runs one replica of everything, with no disruption budgets that would block a drain', () => {
    for (const workload of [...of(objects, 'Deployment'), ...of(objects, 'StatefulSet')])
      expect({ workload: label(workload), replicas: workload.spec.replicas }).toEqual({
        workload: label(workload),
        replicas: 1,
      });
    expect(of(objects, 'PodDisruptionBudget').map(label)).toEqual(['PodDisruptionBudget nats']);
    expect(of(objects, 'HorizontalPodAutoscaler')).toEqual([]);
  });

  it('runs one NATS server without a cluster, with the platform users, streams on one replica', () => {
    const config = find('ConfigMap', 'nats-config')?.data ?? {};
    expect(config['nats.conf']).toMatch(/jetstream \{/);
    expect(config['nats.conf']).not.toMatch(/cluster|routes/);
    expect(config['nats.conf']).toMatch(/^ {0}include \.\/authorization\.conf$/m);
    expect(find('ConfigMap', 'platform-config')?.data?.JETSTREAM_REPLICAS).toBe('1');
  });

  it('runs PostgreSQL in the cluster on a claimed volume, creating the five databases the services name', () => {
    const postgres = find('StatefulSet', 'postgres');
    expect(postgres?.spec.volumeClaimTemplates[0].metadata.name).toBe('data');
    const init = of(objects, 'ConfigMap').find((map) => map.metadata.name.startsWith('postgres-init'));
    const created = [...(init?.data?.['postgres-init.sql'] ?? '').matchAll(/CREATE DATABASE (\w+);/g)].map(
      (match) => match[1],
    );
    expect(created.sort()).toEqual(SERVICES.map((app) => app.database).sort());
    const composeDatabases = [...read('infra/compose/postgres-init.sql').matchAll(/CREATE DATABASE (\w+);/g)];
    expect(composeDatabases.map((match) => match[1]).sort()).toEqual(created.sort());
    for (const app of SERVICES) {
      const env = environmentOf(containersOf(find('Deployment', app.name)!)[0]!, objects, secretValue);
      const url = new URL(env[app.databaseVar!] ?? '');
      expect({ app: app.name, host: url.host, database: url.pathname }).toEqual({
        app: app.name,
        host: 'postgres:5432',
        database: `/${app.database}`,
      });
      const policy = find('NetworkPolicy', `${app.name}-database`);
      expect(policy?.spec.egress).toEqual([
        {
          to: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'postgres' } } }],
          ports: [{ protocol: 'TCP', port: 5432 }],
        },
      ]);
      const admitted = find('NetworkPolicy', 'postgres')?.spec.ingress[0].from[0].podSelector;
      expect(selects(admitted, { 'app.kubernetes.io/name': app.name })).toBe(true);
      expect(selects(admitted, { 'app.kubernetes.io/name': `${app.name}-migrate` })).toBe(true);
    }
  });

  it.each(APPS)('starts $name in development with the generated Secrets, which production refuses', async (app) => {
    const container = containersOf(find('Deployment', app.name)!)[0]!;
    const env = environmentOf(container, objects, secretValue);
    expect(env.NODE_ENV).toBe('development');
    expect(await configProblems(app, env)).toEqual([]);
    // With what production needs besides (real mail, Stripe, HTTPS), only the published values remain.
    const refused = await configProblems(app, { ...env, ...PRODUCTION_ONLY, NODE_ENV: 'production' });
    expect(refused).toEqual(expect.arrayContaining([expect.stringMatching(/^NATS_PASSWORD: holds a published/)]));
    // …and the in-cluster database's plain connection (production verifies TLS).
    const ownDatabase = /^\w+_DATABASE_URL: production connects to PostgreSQL only with verified TLS/;
    expect(
      refused.filter(
        (problem) => !/^\w+: holds (a|the) (published|placeholder)/.test(problem) && !ownDatabase.test(problem),
      ),
    ).toEqual([]);
  });

  it('provides every key the pods read from a generated Secret', () => {
    const missing = [
      ...secretKeysRead(of(objects, 'Deployment').concat(of(objects, 'StatefulSet'), of(objects, 'Job'))),
    ]
      .filter(([key, use]) => {
        const [name = '', item = ''] = key.split('/');
        return !use.optional && secretValue({ name, key: item }) === undefined;
      })
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });
});

/** The settings production requires that development does without. */
const PRODUCTION_ONLY = {
  SMTP_URL: 'smtps://user:secret@smtp.example.com:465',
  PUBLIC_BASE_URL: 'https://medpath.example.com',
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_standin',
  STRIPE_WEBHOOK_SECRET: 'whsec_standin',
};

/** A stand-in for each production secret, shaped as the apps expect (real values never live here). */
function productionStandIn(key: string): string {
  // verify-full against a CA bundle, as production requires (docs/operations.md, "Database TLS").
  if (key.endsWith('_DATABASE_URL'))
    return withVerifiedTls(`postgresql://app:secret@db.example.internal:5432/${key.toLowerCase()}`);
  if (key === 'SMTP_URL') return 'smtps://user:secret@smtp.example.com:465';
  if (key === 'SESSION_SECRET') return 's'.repeat(48);
  if (key === 'STRIPE_SECRET_KEY') return 'sk_live_standin';
  if (key === 'STRIPE_PUBLISHABLE_KEY') return 'pk_live_standin';
  if (key === 'STRIPE_WEBHOOK_SECRET') return 'whsec_standin';
  if (key.startsWith('NATS_') && key.endsWith('_PASSWORD')) return 'natsPasswordStandIn0123';
  if (key === 'REDIS_URL') return 'rediss://:redisPasswordStandIn@redis.example.internal:6379';
  if (key === 'ACTOR_SIGNING_KEY' || key === 'ACTOR_VERIFY_KEYS') return testActorKeys.env[key];
  if (key === 'TOTP_ENCRYPTION_KEY') return 't'.repeat(43);
  return `${key.toLowerCase()}-standin`;
}
