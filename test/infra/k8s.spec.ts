import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { SHUTDOWN_TIMEOUT_MS } from '@medtutor/nest-kit';
import { testActorKeys, withVerifiedTls } from '@medtutor/nest-kit/testing';
import { parse } from 'yaml';
import {
  APPS,
  configLoadersOf,
  configProblems,
  GATEWAY_PORT,
  HEALTH_PORT,
  K8S_DIR,
  loadK8s,
  read,
  ROOT,
  SERVICES,
} from './infra-helpers.js';

const objects = loadK8s();
const kustomization = parse(read(`${K8S_DIR}/kustomization.yaml`)) as {
  namespace: string;
  resources: string[];
  images: Array<{ name: string }>;
};
const find = (kind: string, name: string) =>
  objects.find((object) => object.kind === kind && object.metadata.name === name);
const workloads = objects.filter((object) => object.kind === 'Deployment' || object.kind === 'StatefulSet');
const configMap = find('ConfigMap', 'platform-config')?.data ?? {};
const readme = read('infra/README.md');

interface Container {
  name: string;
  image: string;
  ports?: Array<{ name: string; containerPort: number }>;
  env?: Array<{
    name: string;
    value?: string;
    valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
  }>;
  envFrom?: Array<{ configMapRef?: { name: string } }>;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: Record<string, unknown>;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  lifecycle?: Lifecycle;
}
interface Lifecycle {
  preStop?: { exec?: { command: string[] } };
}
interface Probe {
  httpGet?: { path: string; port: string | number };
  exec?: { command: string[] };
}

const containerOf = (name: string): Container => find('Deployment', name)?.spec.template.spec.containers[0];

/** A stand-in for each secret, shaped as the apps' configuration expects (real values never live here). */
function placeholder(variable: string): string {
  // verify-full against a CA bundle, as production requires (docs/operations.md, "Database TLS").
  if (variable.endsWith('_DATABASE_URL'))
    return withVerifiedTls(`postgresql://app:secret@db.example.internal:5432/${variable.toLowerCase()}`);
  if (variable === 'SMTP_URL') return 'smtps://user:secret@smtp.example.com:465';
  if (variable === 'SESSION_SECRET') return 'x'.repeat(48);
  if (variable === 'STRIPE_SECRET_KEY') return 'sk_live_placeholder';
  if (variable === 'STRIPE_WEBHOOK_SECRET') return 'whsec_placeholder';
  if (variable === 'NATS_PASSWORD') return 'natsPasswordPlaceholder';
  if (variable === 'ACTOR_SIGNING_KEY' || variable === 'ACTOR_VERIFY_KEYS') return testActorKeys.env[variable];
  if (variable === 'TOTP_ENCRYPTION_KEY') return 'k'.repeat(43);
  return `${variable.toLowerCase()}_placeholder`;
}

/** What the container's process sees: the ConfigMap, then its own env, secrets as placeholders. */
function environmentOf(container: Container): Record<string, string> {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef?.name === 'platform-config') Object.assign(env, configMap);
  }
  for (const variable of container.env ?? []) {
    const secret = variable.valueFrom?.secretKeyRef;
    // Kubernetes expands $(NAME) from the variables listed before it.
    if (variable.value !== undefined)
      env[variable.name] = variable.value.replace(/\$\((\w+)\)/g, (ref, name: string) => env[name] ?? ref);
    else if (secret && !secret.optional) env[variable.name] = placeholder(variable.name);
  }
  return env;
}

const PLACEHOLDER_REFUSED = /^STRIPE_PUBLISHABLE_KEY: holds the placeholder "replace_me", refused in production/;

const resolvePort = (container: Container, port: string | number) =>
  typeof port === 'number' ? port : container.ports?.find((item) => item.name === port)?.containerPort;

describe('infra/k8s/base', () => {
  it('lists every manifest in the kustomization, and only existing ones', () => {
    const files = readdirSync(join(ROOT, K8S_DIR)).filter(
      (file) => file.endsWith('.yaml') && file !== 'kustomization.yaml',
    );
    // Besides its own files, the base includes infra/nats, which generates the NATS users' ConfigMap.
    expect([...kustomization.resources].sort()).toEqual([...files, '../../nats'].sort());
  });

  it('puts everything in the namespace it declares, which enforces the restricted pod security level', () => {
    const namespace = find('Namespace', kustomization.namespace);
    expect(namespace?.metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
    for (const object of objects)
      expect(object.metadata.namespace ?? kustomization.namespace).toBe(kustomization.namespace);
  });

  it.each(APPS)('has a Deployment and a Service for $name, with its image in the kustomization', (app) => {
    const deployment = find('Deployment', app.name);
    const service = find('Service', app.name);
    expect(deployment).toBeDefined();
    expect(service).toBeDefined();
    const labels = deployment?.spec.template.metadata.labels ?? {};
    for (const [key, value] of Object.entries(service?.spec.selector ?? {})) expect(labels[key]).toBe(value);
    expect(deployment?.spec.selector.matchLabels).toEqual(service?.spec.selector);
    expect(containerOf(app.name).image).toBe(`medtutor/${app.name}`);
    expect(kustomization.images.map((image) => image.name)).toContain(`medtutor/${app.name}`);
    expect(deployment?.spec.replicas).toBeGreaterThanOrEqual(2);
  });

  it.each(workloads.map((workload) => [`${workload.kind} ${workload.metadata.name}`, workload] as const))(
    '%s runs non-root with a read-only root filesystem, resources and probes',
    (_label, workload) => {
      const pod = workload.spec.template.spec;
      expect(pod.securityContext.runAsNonRoot).toBe(true);
      expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
      expect(pod.securityContext.seccompProfile).toEqual({ type: 'RuntimeDefault' });
      expect(pod.automountServiceAccountToken).toBe(false);
      for (const container of pod.containers as Container[]) {
        expect(container.securityContext).toMatchObject({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        });
        expect(container.resources?.requests).toEqual(
          expect.objectContaining({ cpu: expect.any(String), memory: expect.any(String) }),
        );
        expect(container.resources?.limits?.memory).toEqual(expect.any(String));
        for (const probe of [container.livenessProbe, container.readinessProbe]) {
          expect(probe?.httpGet ?? probe?.exec).toBeDefined();
          if (probe?.httpGet) expect(resolvePort(container, probe.httpGet.port)).toBeDefined();
        }
      }
    },
  );

  it('probes the gateway on its HEALTH_PORT server, which the Service does not expose', () => {
    const container = containerOf('gateway');
    expect(environmentOf(container).HEALTH_PORT).toBe(String(HEALTH_PORT));
    expect(resolvePort(container, container.livenessProbe!.httpGet!.port)).toBe(HEALTH_PORT);
    expect(resolvePort(container, container.readinessProbe!.httpGet!.port)).toBe(HEALTH_PORT);
    expect(container.livenessProbe?.httpGet?.path).toBe('/healthz');
    expect(container.readinessProbe?.httpGet?.path).toBe('/readyz');
    expect(environmentOf(container).PORT).toBe(String(GATEWAY_PORT));
    expect(find('Service', 'gateway')?.spec.ports).toEqual([{ name: 'http', port: GATEWAY_PORT, targetPort: 'http' }]);
  });

  /** Seconds of the container's `preStop: sleep N`, the pause before SIGTERM. */
  const preStopSeconds = (container: Container): number => {
    const [command, seconds] = container.lifecycle?.preStop?.exec?.command ?? [];
    expect(command).toBe('sleep');
    return Number(seconds);
  };
  const gracePeriodOf = (name: string): number =>
    find('Deployment', name)?.spec.template.spec.terminationGracePeriodSeconds;

  it.each(SERVICES)(
    "gives $name a preStop pause and a grace period covering it and the service's shutdown bound",
    (service) => {
      const pause = preStopSeconds(containerOf(service.name));
      expect(pause).toBeGreaterThanOrEqual(3);
      expect(gracePeriodOf(service.name)).toBeGreaterThanOrEqual(pause + SHUTDOWN_TIMEOUT_MS / 1000);
    },
  );

  it("gives the gateway a preStop pause and a grace period covering it, its drain and its requests' grace", async () => {
    const container = containerOf('gateway');
    const pause = preStopSeconds(container);
    const [load] = await configLoadersOf(APPS.find((app) => app.name === 'gateway')!);
    const { shutdown } = load!(environmentOf(container)) as { shutdown: { drainMs: number; graceMs: number } };
    expect(pause).toBeGreaterThanOrEqual(3);
    expect(gracePeriodOf('gateway')).toBeGreaterThan(pause + (shutdown.drainMs + shutdown.graceMs) / 1000);
  });

  it.each(SERVICES)('probes $name on its HEALTH_PORT server', (service) => {
    const container = containerOf(service.name);
    expect(environmentOf(container).HEALTH_PORT).toBe(String(HEALTH_PORT));
    expect(resolvePort(container, container.livenessProbe!.httpGet!.port)).toBe(HEALTH_PORT);
    expect(container.livenessProbe?.httpGet?.path).toBe('/healthz');
    expect(container.readinessProbe?.httpGet?.path).toBe('/readyz');
  });

  it.each(APPS)('gives $name every variable its configuration requires in production', async (app) => {
    const env = environmentOf(containerOf(app.name));
    expect(env.NODE_ENV).toBe('production');
    // The base's Stripe publishable key is a placeholder an overlay replaces; started as is, it stops.
    const placeholder = app.name === 'catalog-payments' ? [expect.stringMatching(PLACEHOLDER_REFUSED)] : [];
    expect(await configProblems(app, env)).toEqual(placeholder);
    expect(configMap.STRIPE_PUBLISHABLE_KEY).toBe('pk_live_replace_me');
  });

  it('documents the store entry and key of every secret the workloads read', () => {
    for (const workload of workloads) {
      for (const container of workload.spec.template.spec.containers as Container[]) {
        for (const variable of container.env ?? []) {
          const secret = variable.valueFrom?.secretKeyRef;
          if (!secret) continue;
          // Optional keys (the first admin's) are described below the table.
          const row = secret.optional
            ? readme
            : (readme.split('\n').find((line) => line.startsWith(`| \`${secret.name}\``)) ?? '');
          expect({ secret: secret.name, key: secret.key, documented: row.includes(`\`${secret.key}\``) }).toEqual({
            secret: secret.name,
            key: secret.key,
            documented: true,
          });
        }
      }
    }
  });

  it('runs NATS as a 3-server JetStream cluster and replicates the streams on all three', () => {
    const nats = find('StatefulSet', 'nats');
    expect(nats?.spec.replicas).toBe(3);
    expect(nats?.spec.serviceName).toBe('nats-headless');
    expect(find('Service', 'nats-headless')?.spec.clusterIP).toBe('None');
    const config = find('ConfigMap', 'nats-config')?.data?.['nats.conf'] ?? '';
    expect(config).toMatch(/jetstream \{/);
    const routes = [...config.matchAll(/nats:\/\/(nats-\d)\.nats-headless:6222/g)].map((match) => match[1]);
    expect(routes).toEqual(['nats-0', 'nats-1', 'nats-2']);
    expect(Number(configMap.JETSTREAM_REPLICAS)).toBe(3);
    expect(new URL(configMap.NATS_URL ?? '').host).toBe('nats:4222');
    expect(find('Service', 'nats')?.spec.ports).toEqual([{ name: 'client', port: 4222, targetPort: 'client' }]);
  });

  it('points REDIS_URL at the Redis Service and keeps PostgreSQL outside (managed, per service)', () => {
    const redisUrl = new URL(environmentOf(containerOf('gateway')).REDIS_URL ?? '');
    expect(redisUrl.host).toBe(`redis:${find('Service', 'redis')?.spec.ports[0].port}`);
    expect(configMap.REDIS_URL).toBeUndefined();
    expect(objects.filter((object) => /postgres/i.test(object.metadata.name))).toEqual([]);
    expect(configMap.DB_AUTO_CREATE).toBe('false');
  });

  it("runs Redis with the redis-auth password, which the gateway's REDIS_URL carries", () => {
    const redis = find('StatefulSet', 'redis')?.spec.template.spec.containers[0] as Container & { args: string[] };
    expect(redis.args.slice(-2)).toEqual(['--requirepass', '$(REDIS_PASSWORD)']);
    const fromSecret = { secretKeyRef: { name: 'redis-auth', key: 'REDIS_PASSWORD' } };
    expect(redis.env).toEqual(
      expect.arrayContaining([
        { name: 'REDIS_PASSWORD', valueFrom: fromSecret },
        { name: 'REDISCLI_AUTH', valueFrom: fromSecret },
      ]),
    );
    const gateway = containerOf('gateway').env ?? [];
    const passwordAt = gateway.findIndex((variable) => variable.name === 'REDIS_PASSWORD');
    expect(gateway[passwordAt]?.valueFrom).toEqual(fromSecret);
    // Declared after the password, or Kubernetes leaves $(REDIS_PASSWORD) unexpanded.
    expect(gateway.findIndex((variable) => variable.name === 'REDIS_URL')).toBeGreaterThan(passwordAt);
    expect(readme).toContain('| `redis-auth`');
  });

  it('gives NATS the platform authorization and every app its own user from the nats-users Secret', () => {
    // How the servers mount it: nats-config-source.spec.ts.
    const authorization = read('infra/nats/authorization.conf');
    const server = find('StatefulSet', 'nats')?.spec.template.spec.containers[0];
    expect(server.envFrom).toEqual([{ secretRef: { name: 'nats-users' } }]);
    for (const app of APPS) {
      const env = containerOf(app.name).env ?? [];
      const key = authorization.match(new RegExp(`user: ${app.name}\\n\\s+password: \\$(\\w+)`))?.[1];
      expect({ app: app.name, key }).toEqual({ app: app.name, key: expect.any(String) });
      expect(env).toEqual(
        expect.arrayContaining([
          { name: 'NATS_USER', value: app.name },
          { name: 'NATS_PASSWORD', valueFrom: { secretKeyRef: { name: 'nats-users', key } } },
        ]),
      );
      expect(readme.split('\n').find((line) => line.startsWith('| `nats-users`'))).toContain(`\`${key}\``);
    }
  });

  describe('NetworkPolicies', () => {
    type Selector = {
      matchLabels?: Record<string, string>;
      matchExpressions?: Array<{ key: string; operator: string; values: string[] }>;
    };
    type Peer = {
      podSelector?: Selector;
      namespaceSelector?: Selector;
      ipBlock?: { cidr: string; except?: string[] };
    };
    type Rule = { from?: Peer[]; to?: Peer[]; ports?: Array<{ protocol: string; port: number }> };
    const policies = objects.filter((object) => object.kind === 'NetworkPolicy');
    const NAME = 'app.kubernetes.io/name';
    const DNS_RESOLVERS = ['169.254.20.10/32', '100.64.0.0/10'];
    const selects = (selector: Selector, labels: Record<string, string>) =>
      Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value) &&
      (selector.matchExpressions ?? []).every(
        (expression) => expression.operator === 'In' && expression.values.includes(labels[expression.key] ?? ''),
      );
    const describePeer = (peer: Peer): string => {
      if (peer.ipBlock?.except) return 'internet';
      // The node-local and shared-range DNS resolvers (the `dns` policy), apart from the databases' addresses.
      if (peer.ipBlock) return `${DNS_RESOLVERS.includes(peer.ipBlock.cidr) ? 'resolver' : 'ip'} ${peer.ipBlock.cidr}`;
      const pods = peer.podSelector?.matchLabels?.[NAME] ?? peer.podSelector?.matchLabels?.['k8s-app'] ?? 'any pod';
      const namespace = peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'];
      return namespace ? `${namespace}/${pods}` : pods;
    };
    /** Everything the policies allow a pod with these labels, as "ingress|egress peer:port". */
    const allowed = (labels: Record<string, string>) => {
      const found = new Set<string>();
      for (const policy of policies.filter((candidate) => selects(candidate.spec.podSelector, labels))) {
        for (const direction of ['ingress', 'egress'] as const) {
          for (const rule of (policy.spec[direction] ?? []) as Rule[]) {
            for (const peer of (direction === 'ingress' ? rule.from : rule.to) ?? [{}]) {
              for (const port of rule.ports ?? [{ protocol: 'any', port: 0 }])
                found.add(`${direction} ${describePeer(peer)}:${port.port}${port.protocol === 'UDP' ? '/udp' : ''}`);
            }
          }
        }
      }
      return [...found].sort();
    };
    const dns = ['kube-system/kube-dns', ...DNS_RESOLVERS.map((cidr) => `resolver ${cidr}`)].flatMap((peer) => [
      `egress ${peer}:53`,
      `egress ${peer}:53/udp`,
    ]);
    const labelsOf = (kind: string, name: string) => find(kind, name)?.spec.template.metadata.labels ?? {};

    it('deny every pod all traffic unless a policy allows it', () => {
      const deny = find('NetworkPolicy', 'default-deny');
      expect(deny?.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
      for (const policy of policies) expect(policy.spec.policyTypes.length).toBeGreaterThan(0);
    });

    it('let nothing reach the gateway (an overlay admits its front), and the gateway reach only Redis and NATS', () => {
      expect(find('NetworkPolicy', 'gateway')?.spec.ingress).toEqual([]);
      expect(allowed(labelsOf('Deployment', 'gateway'))).toEqual(
        [...dns, 'egress nats:4222', 'egress redis:6379'].sort(),
      );
    });

    it('let the events-provision Job reach NATS and nothing else', () => {
      expect(allowed(find('Job', 'events-provision')?.spec.template.metadata.labels ?? {})).toEqual(
        [...dns, 'egress nats:4222'].sort(),
      );
    });

    it.each(SERVICES)("let $name's migration Job reach its database and nothing else", (app) => {
      const job = find('Job', `${app.name}-migrate`);
      const rules = allowed(job?.spec.template.metadata.labels ?? {});
      const database = allowed(labelsOf('Deployment', app.name)).filter((rule) => rule.startsWith('egress ip '));
      expect(rules).toEqual([...dns, ...database].sort());
    });

    it.each(SERVICES)('let $name reach NATS and its own database only (plus mail where needed)', (app) => {
      const rules = allowed(labelsOf('Deployment', app.name));
      const database = rules.filter((rule) => rule.startsWith('egress ip '));
      expect(database).toEqual([expect.stringMatching(/^egress ip \d+\.\d+\.\d+\.\d+\/32:5432$/)]);
      // No HTTPS to the internet at all here: Stripe's addresses come from the overlay (egress-allowlist.yaml).
      const extra = { identity: ['465', '587'], 'catalog-payments': ['465', '587'], tutoring: ['465', '587'] };
      const internet = (extra[app.name as keyof typeof extra] ?? []).map((port) => `egress internet:${port}`);
      expect(rules).toEqual([...dns, ...database, 'egress nats:4222', ...internet].sort());
      expect(rules.some((rule) => rule.startsWith('ingress'))).toBe(false);
    });

    it('leave Stripe to the overlay: catalog-payments reaches no host on 443 until the overlay lists its addresses', () => {
      const stripe = find('NetworkPolicy', 'catalog-payments-stripe');
      expect(stripe?.spec).toEqual({
        podSelector: { matchLabels: { [NAME]: 'catalog-payments' } },
        policyTypes: ['Egress'],
        egress: [],
      });
      const https = policies.flatMap((policy) =>
        ((policy.spec.egress ?? []) as Rule[])
          .filter((rule) => rule.ports?.some((port) => port.port === 443))
          .map(() => policy.metadata.name),
      );
      expect(https).toEqual([]);
    });

    it("give every service a database address of its own (an overlay patches the base's placeholders)", () => {
      const addresses = SERVICES.map((app) =>
        allowed(labelsOf('Deployment', app.name)).find((rule) => rule.startsWith('egress ip ')),
      );
      expect(new Set(addresses).size).toBe(SERVICES.length);
    });

    it('let NATS take clients from the apps and the provisioning Job only, and route only among its own servers', () => {
      const apps = [...APPS.map((app) => app.name), 'events-provision'];
      const clients = find('NetworkPolicy', 'nats')?.spec.ingress[0].from[0].podSelector.matchExpressions[0].values;
      expect([...clients].sort()).toEqual([...apps].sort());
      expect(allowed(labelsOf('StatefulSet', 'nats'))).toEqual(
        [...dns, 'egress nats:6222', 'ingress nats:6222', 'ingress any pod:4222'].sort(),
      );
    });

    it('let only the gateway reach Redis, which reaches nothing', () => {
      expect(allowed(labelsOf('StatefulSet', 'redis'))).toEqual([...dns, 'ingress gateway:6379'].sort());
    });
  });
});
