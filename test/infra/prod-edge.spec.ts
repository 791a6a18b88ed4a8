import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { testActorKeys } from '@medtutor/nest-kit/testing';
import { parse } from 'yaml';
import { loadGatewayConfig } from '../../gateway/src/config/gateway-config.js';
import { APPS, K8S_OVERLAYS, type K8sObject, read, renderKustomize, ROOT } from './infra-helpers.js';

/**
 * The prod overlay's edge and placement (issue 28, points 3, 6 and 11), on what `kubectl apply -k`
 * sends: no single in-cluster Redis (a managed one, over TLS, from the secret store), route timeouts
 * longer than the gateway's own deadlines, idle connections closed by Envoy before the gateway,
 * replicas never sharing a node, a startup probe on the gateway, no CPU limits, the DNS policy for
 * NodeLocal DNSCache, every image by digest; and the image build installing from the lockfile with
 * `npm ci`.
 */

interface Probe {
  httpGet?: { path: string; port: string | number };
  periodSeconds?: number;
  failureThreshold?: number;
}
interface Container {
  name: string;
  image: string;
  env?: Array<{ name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }>;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  startupProbe?: Probe;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
}
type Peer = { podSelector?: { matchLabels?: Record<string, string> }; ipBlock?: { cidr: string } };
type Rule = { to?: Peer[]; ports?: Array<{ protocol: string; port: number }> };

const prod = renderKustomize(K8S_OVERLAYS.prod);
const dev = renderKustomize(K8S_OVERLAYS.dev);
const find = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((object) => object.kind === kind && object.metadata.name === name);
const of = (objects: K8sObject[], kind: string) => objects.filter((object) => object.kind === kind);

/** The pod template of a workload, a CronJob's included. */
const podOf = (workload: K8sObject) =>
  workload.kind === 'CronJob' ? workload.spec.jobTemplate.spec.template.spec : workload.spec.template.spec;
const WORKLOAD_KINDS = new Set(['Deployment', 'StatefulSet', 'Job', 'CronJob']);
const workloads = prod.filter((object) => WORKLOAD_KINDS.has(object.kind));
const allContainersOf = (workload: K8sObject): Container[] => {
  const pod = podOf(workload);
  return [...(pod.initContainers ?? []), ...pod.containers];
};
const gatewayContainer = (objects: K8sObject[]) =>
  (find(objects, 'Deployment', 'gateway')!.spec.template.spec.containers as Container[])[0]!;
/** The NetworkPolicies that select pods with these labels. */
const policiesFor = (labels: Record<string, string>) =>
  of(prod, 'NetworkPolicy').filter((policy) =>
    Object.entries(policy.spec.podSelector.matchLabels ?? {}).every(([key, value]) => labels[key] === value),
  );

describe('prod overlay: Redis is managed, not a single in-cluster server', () => {
  const gatewayLabels = find(prod, 'Deployment', 'gateway')!.spec.template.metadata.labels as Record<string, string>;

  it('ships no Redis of its own: no server, Service, policy, certificate or image', () => {
    const named = prod.filter((object) => /^redis(-tls)?$/.test(object.metadata.name));
    expect(named.map((object) => `${object.kind} ${object.metadata.name}`)).toEqual([]);
    const images = workloads.flatMap((workload) => allContainersOf(workload).map((container) => container.image));
    expect(images.filter((image) => /^(docker\.io\/)?(library\/)?redis[:@]/.test(image))).toEqual([]);
  });

  it('takes the whole rediss:// URL from the secret store (no password pieced together in the manifest)', () => {
    const env = gatewayContainer(prod).env ?? [];
    expect(env.filter((variable) => variable.name.startsWith('REDIS_'))).toEqual([
      { name: 'REDIS_URL', valueFrom: { secretKeyRef: { name: 'redis-auth', key: 'REDIS_URL' } } },
    ]);
    const external = find(prod, 'ExternalSecret', 'redis-auth');
    expect(external?.spec.data).toEqual([
      { secretKey: 'REDIS_URL', remoteRef: { key: 'medtutor/redis-auth', property: 'REDIS_URL' } },
    ]);
    // The gateway itself refuses anything but a TLS URL with a password in production.
    const problems = (url: string) => {
      try {
        loadGatewayConfig({ ...productionGatewayEnv(), REDIS_URL: url });
        return [];
      } catch (error) {
        return [(error as Error).message];
      }
    };
    expect(problems('rediss://:secret@redis.example.internal:6379')).toEqual([]);
    expect(problems('redis://redis.example.internal:6379').join('\n')).toContain('REDIS_URL');
  });

  it("lets the gateway reach the managed endpoint's addresses on one port, and no in-cluster Redis pods", () => {
    const egress = policiesFor(gatewayLabels).flatMap((policy) => (policy.spec.egress ?? []) as Rule[]);
    const toRedisPods = egress.filter((rule) =>
      rule.to?.some((peer) => peer.podSelector?.matchLabels?.['app.kubernetes.io/name'] === 'redis'),
    );
    expect(toRedisPods).toEqual([]);
    const managed = find(prod, 'NetworkPolicy', 'gateway-managed-redis')!;
    const rules = managed.spec.egress as Rule[];
    expect(rules).toHaveLength(1);
    for (const peer of rules[0]!.to ?? []) {
      const [, prefix = '0'] = peer.ipBlock?.cidr.split('/') ?? [];
      expect({ peer, narrow: Number(prefix) >= 16 }).toEqual({ peer, narrow: true });
    }
    expect(rules[0]!.ports).toEqual([{ protocol: 'TCP', port: expect.any(Number) }]);
    // One place to set it: the overlay's managed-redis.yaml.
    expect(read('infra/k8s/overlays/prod/managed-redis.yaml')).toContain('name: gateway-managed-redis');
  });

  it("keeps the gateway's readiness on its probe port, which no longer checks Redis (readiness.service.spec.ts)", () => {
    expect(gatewayContainer(prod).readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'health' });
  });

  it('keeps the in-cluster Redis for dev, where the gateway points at it', () => {
    expect(find(dev, 'StatefulSet', 'redis')).toBeDefined();
    const url = gatewayContainer(dev).env?.find((variable) => variable.name === 'REDIS_URL')?.value ?? '';
    expect(new URL(url.replace('$(REDIS_PASSWORD)', 'x')).host).toBe('redis:6379');
  });
});

/** The environment the prod overlay gives the gateway, with stand-ins for its secrets. */
function productionGatewayEnv(): Record<string, string> {
  const container = gatewayContainer(prod);
  const env: Record<string, string> = { ...(find(prod, 'ConfigMap', 'platform-config')?.data ?? {}) };
  for (const variable of container.env ?? []) {
    if (variable.value !== undefined) env[variable.name] = variable.value;
  }
  return {
    ...env,
    SESSION_SECRET: 's'.repeat(48),
    ACTOR_SIGNING_KEY: testActorKeys.env.ACTOR_SIGNING_KEY,
    NATS_PASSWORD: 'natsPasswordStandIn0123',
    REDIS_URL: 'rediss://:redisPasswordStandIn@redis.example.internal:6379',
  };
}

/** A Gateway API duration (`1h30m`, `35s`, `500ms`) in milliseconds. */
function durationMs(duration: string): number {
  const units: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1_000, ms: 1 };
  const parts = [...duration.matchAll(/(\d+)(ms|h|m|s)/g)];
  if (parts.map((part) => part[0]).join('') !== duration) throw new Error(`not a Gateway API duration: ${duration}`);
  return parts.reduce((total, [, amount, unit]) => total + Number(amount) * units[unit!]!, 0);
}

describe('prod overlay: route timeouts longer than the gateway deadlines', () => {
  it('parses Gateway API durations', () => {
    expect([durationMs('35s'), durationMs('1m30s'), durationMs('500ms'), durationMs('1h')]).toEqual([
      35_000, 90_000, 500, 3_600_000,
    ]);
    expect(() => durationMs('35')).toThrow();
  });

  it("gives the site's route more time than the gateway's longest RPC deadline plus an ordinary RPC", () => {
    const config = loadGatewayConfig(productionGatewayEnv());
    expect(config.production).toBe(true);
    const longest = Math.max(config.rpcProviderTimeoutMs, config.rpcExportTimeoutMs, config.rpcTimeoutMs);
    const site = of(prod, 'HTTPRoute').find((route) =>
      (route.spec.rules as Array<{ backendRefs?: Array<{ name: string }> }>).some((rule) =>
        rule.backendRefs?.some((backend) => backend.name === 'gateway'),
      ),
    )!;
    for (const rule of site.spec.rules as Array<{ timeouts?: { request?: string; backendRequest?: string } }>) {
      const request = durationMs(rule.timeouts?.request ?? '0s');
      const backendRequest = durationMs(rule.timeouts?.backendRequest ?? '0s');
      // At least 5 s to spare past the longest deadline and one ordinary RPC on the same request.
      expect(backendRequest).toBeGreaterThanOrEqual(longest + config.rpcTimeoutMs + 5_000);
      // Gateway API: backendRequest may not exceed request.
      expect(request).toBeGreaterThanOrEqual(backendRequest);
    }
    // Envoy Gateway's default route timeout (15 s) would not do: it equals the Stripe deadline.
    expect(longest).toBeGreaterThanOrEqual(15_000);
  });

  it('has Envoy close an idle connection to the gateway before the gateway would close it itself', () => {
    const config = loadGatewayConfig(productionGatewayEnv());
    const policies = of(prod, 'BackendTrafficPolicy').filter((policy) =>
      (policy.spec.targetRefs as Array<{ kind: string; name: string }>).some(
        (target) => target.kind === 'HTTPRoute' && target.name === 'medtutor',
      ),
    );
    expect(policies).toHaveLength(1);
    const idleMs = durationMs(policies[0]!.spec.timeout.http.connectionIdleTimeout as string);
    // At least 5 s apart, so a late timer on a busy pod cannot reverse them.
    expect(config.keepAliveTimeoutMs).toBeGreaterThanOrEqual(idleMs + 5_000);
  });
});

describe('prod overlay: placement, probes and resources', () => {
  const deployments = of(prod, 'Deployment');

  it.each(APPS.map((app) => app.name))(
    'never puts two %s replicas on one node, and its disruption budget still lets a drain proceed',
    (name) => {
      const deployment = find(prod, 'Deployment', name)!;
      const constraints = deployment.spec.template.spec.topologySpreadConstraints as Array<{
        topologyKey: string;
        whenUnsatisfiable: string;
        labelSelector: { matchLabels: Record<string, string> };
      }>;
      const byNode = constraints.find((constraint) => constraint.topologyKey === 'kubernetes.io/hostname');
      expect(byNode).toMatchObject({
        whenUnsatisfiable: 'DoNotSchedule',
        labelSelector: { matchLabels: { 'app.kubernetes.io/name': name } },
      });
      // Across zones it stays a preference: a zone short of room must not hold a replica back.
      const byZone = constraints.find((constraint) => constraint.topologyKey === 'topology.kubernetes.io/zone');
      expect(byZone?.whenUnsatisfiable).toBe('ScheduleAnyway');
      // Two replicas at least and one may go: a node drain evicts one, its replacement waits for a node
      // of its own, and the budget holds the next eviction until it runs.
      const budget = of(prod, 'PodDisruptionBudget').find(
        (pdb) => pdb.spec.selector.matchLabels['app.kubernetes.io/name'] === name,
      );
      const autoscaler = of(prod, 'HorizontalPodAutoscaler').find((hpa) => hpa.spec.scaleTargetRef.name === name);
      expect(budget?.spec.minAvailable).toBe(1);
      expect(autoscaler?.spec.minReplicas).toBeGreaterThan(budget?.spec.minAvailable);
    },
  );

  it('gives the gateway a startup probe long enough for a slow NATS before liveness may restart it', () => {
    const gateway = gatewayContainer(prod);
    expect(gateway.startupProbe?.httpGet).toEqual(gateway.livenessProbe?.httpGet);
    const windowSeconds = (gateway.startupProbe?.periodSeconds ?? 10) * (gateway.startupProbe?.failureThreshold ?? 3);
    expect(windowSeconds).toBeGreaterThanOrEqual(120);
  });

  it('limits no long-running container on CPU (no throttling), but each requests CPU and has a memory limit', () => {
    const running = [...deployments, ...of(prod, 'StatefulSet')];
    expect(running.length).toBeGreaterThan(APPS.length);
    for (const workload of running) {
      for (const container of allContainersOf(workload)) {
        const { requests = {}, limits = {} } = container.resources ?? {};
        expect({ container: container.name, cpuLimit: limits.cpu, cpu: requests.cpu, memory: limits.memory }).toEqual({
          container: container.name,
          cpuLimit: undefined,
          cpu: expect.any(String),
          memory: expect.any(String),
        });
      }
    }
  });

  it('lets every pod ask kube-dns, NodeLocal DNSCache and the 100.64.0.0/10 resolvers on port 53 only', () => {
    const dns = find(prod, 'NetworkPolicy', 'dns')!;
    expect(dns.spec.podSelector).toEqual({});
    const rules = dns.spec.egress as Rule[];
    const peers = rules.flatMap((rule) => rule.to ?? []);
    expect(peers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } } }),
        { ipBlock: { cidr: '169.254.20.10/32' } },
        { ipBlock: { cidr: '100.64.0.0/10' } },
      ]),
    );
    for (const rule of rules) {
      expect(rule.ports).toEqual([
        { protocol: 'UDP', port: 53 },
        { protocol: 'TCP', port: 53 },
      ]);
    }
  });
});

describe('prod overlay: images by digest', () => {
  it('names every container image, third-party ones included, by sha256 digest', () => {
    const images = workloads.flatMap((workload) => allContainersOf(workload).map((container) => container.image));
    expect(images.length).toBeGreaterThan(APPS.length);
    for (const image of images)
      expect({ image, pinned: /@sha256:[0-9a-f]{64}$/.test(image) }).toEqual({ image, pinned: true });
  });

  it("sets the digests in the overlay's images list, the one place a release changes", () => {
    const kustomization = parse(read(join(K8S_OVERLAYS.prod, 'kustomization.yaml'))) as {
      images: Array<{ name: string; digest?: string }>;
    };
    for (const entry of kustomization.images) expect(entry.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    const named = new Set(kustomization.images.map((entry) => entry.name));
    const images = workloads.flatMap((workload) => allContainersOf(workload).map((container) => container.image));
    for (const image of images) expect(named).toContain(image.split('@')[0]!.replace(/:[^:/]+$/, ''));
  });
});

describe('image build: installs from the lockfile with npm ci', () => {
  const work = mkdtempSync(join(tmpdir(), 'npm-ci-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** Runs app.mjs `command` for the gateway in a copy of the manifests, with an `npm` that only records its arguments. */
  function npmCallsOf(command: 'install-prod' | 'install'): string[] {
    const dir = mkdtempSync(join(work, `${command}-`));
    const root = JSON.parse(read('package.json')) as { workspaces: string[] };
    for (const path of ['package.json', ...root.workspaces.map((workspace) => `${workspace}/package.json`)]) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      cpSync(join(ROOT, path), join(dir, path));
    }
    cpSync(join(ROOT, 'infra/docker'), join(dir, 'infra/docker'), { recursive: true });
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'npm'), `#!/bin/sh\necho "$*" >> "${join(dir, 'npm-calls')}"\n`);
    chmodSync(join(bin, 'npm'), 0o755);
    execFileSync(process.execPath, ['infra/docker/app.mjs', command, 'gateway'], {
      cwd: dir,
      env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` },
      stdio: 'ignore',
    });
    return readFileSync(join(dir, 'npm-calls'), 'utf8').trim().split('\n');
  }

  it('runs npm ci, never npm install, for the production dependencies and for the build', () => {
    const production = npmCallsOf('install-prod');
    const build = npmCallsOf('install');
    expect(production).toEqual([expect.stringMatching(/^ci .*--omit=dev/)]);
    expect(build).toEqual([expect.stringMatching(/^ci /)]);
  });
});
