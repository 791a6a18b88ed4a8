import { describe, expect, it } from '@jest/globals';
import { APPS, HEALTH_PORT, K8S_OVERLAYS, renderKustomize, type K8sObject } from './infra-helpers.js';

/**
 * Monitoring and tracing as the prod overlay applies them (issue 28): the Prometheus Operator's
 * objects carry the label kube-prometheus-stack selects by, Prometheus may reach every port a
 * PodMonitor scrapes and nothing more, NATS and Redis have their exporters, the public site its
 * probe, and every traced app sends its spans to the collector its OTLP endpoint names, through a
 * policy that opens exactly that. The rules' expressions against the code: test/observability.
 */
const objects = renderKustomize(K8S_OVERLAYS.prod);
const of = (kind: string) => objects.filter((object) => object.kind === kind);
const find = (kind: string, name: string) =>
  objects.find((object) => object.kind === kind && object.metadata.name === name);
const MONITORING_KINDS = ['PodMonitor', 'PrometheusRule', 'Probe'];

interface Container {
  name: string;
  image: string;
  args?: string[];
  ports?: Array<{ name: string; containerPort: number }>;
  env?: Array<{ name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }>;
  volumeMounts?: Array<{ name: string; mountPath: string }>;
  envFrom?: Array<{ configMapRef?: { name: string } }>;
}
interface Peer {
  namespaceSelector?: { matchLabels?: Record<string, string> };
  podSelector?: object;
  ipBlock?: object;
}
interface Rule {
  from?: Peer[];
  to?: Peer[];
  ports?: Array<{ protocol: string; port: number }>;
}
type Selector = {
  matchLabels?: Record<string, string>;
  matchExpressions?: Array<{ key: string; operator: string; values: string[] }>;
};

const podOf = (workload: K8sObject) => workload.spec.template;
const containersOf = (workload: K8sObject): Container[] => podOf(workload).spec.containers;

function selects(selector: Selector, labels: Record<string, string>): boolean {
  return (
    Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value) &&
    (selector.matchExpressions ?? []).every(
      (expression) => expression.operator === 'In' && expression.values.includes(labels[expression.key] ?? ''),
    )
  );
}

/** The ports of `workload` that some policy opens, in `direction`, to every pod of the namespace `namespace`. */
function portsOpened(workload: K8sObject, direction: 'ingress' | 'egress', namespace: string): number[] {
  const labels = podOf(workload).metadata.labels as Record<string, string>;
  return of('NetworkPolicy')
    .filter((policy) => selects(policy.spec.podSelector, labels))
    .flatMap((policy) => (policy.spec[direction] ?? []) as Rule[])
    .filter((rule) =>
      (direction === 'ingress' ? rule.from : rule.to)?.some(
        (peer) =>
          !peer.podSelector &&
          !peer.ipBlock &&
          peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === namespace,
      ),
    )
    .flatMap((rule) => (rule.ports ?? []).map((port) => port.port));
}

describe('prod overlay: monitoring', () => {
  const release = (object: K8sObject) => object.metadata.labels?.release;

  it('applies PodMonitors, PrometheusRules and a Probe, every one with the same release label', () => {
    const monitoring = objects.filter((object) => MONITORING_KINDS.includes(object.kind));
    expect(monitoring.map((object) => `${object.kind} ${object.metadata.name}`).sort()).toEqual(
      [
        'PodMonitor medtutor',
        'PodMonitor nats',
        'PodMonitor redis-exporter',
        'PrometheusRule medtutor-apps',
        'PrometheusRule medtutor-platform',
        'Probe medtutor-public',
      ].sort(),
    );
    for (const object of monitoring) {
      expect(object.apiVersion).toBe('monitoring.coreos.com/v1');
      expect([object.metadata.name, release(object)]).toEqual([object.metadata.name, 'kube-prometheus-stack']);
    }
  });

  it('scrapes the ports the workloads name, each admitted from the monitoring namespace, and nothing else', () => {
    const workloads = objects.filter((object) => ['Deployment', 'StatefulSet'].includes(object.kind));
    const scraped = new Map<string, number[]>();
    for (const monitor of of('PodMonitor')) {
      const targets = workloads.filter((workload) => selects(monitor.spec.selector, podOf(workload).metadata.labels));
      expect([monitor.metadata.name, targets.length > 0]).toEqual([monitor.metadata.name, true]);
      for (const endpoint of monitor.spec.podMetricsEndpoints as Array<{ port: string; path: string }>) {
        expect(endpoint.path).toBe('/metrics');
        for (const workload of targets) {
          const port = containersOf(workload)
            .flatMap((container) => container.ports ?? [])
            .find((candidate) => candidate.name === endpoint.port);
          expect([workload.metadata.name, endpoint.port, port !== undefined]).toEqual([
            workload.metadata.name,
            endpoint.port,
            true,
          ]);
          scraped.set(workload.metadata.name, [...(scraped.get(workload.metadata.name) ?? []), port!.containerPort]);
        }
      }
    }
    // Every app on its probe port, NATS on its exporter's, the gateway also on the Redis exporter's.
    expect(Object.fromEntries(scraped)).toEqual({
      ...Object.fromEntries(APPS.map((app) => [app.name, [HEALTH_PORT]])),
      gateway: [HEALTH_PORT, 9121],
      nats: [7777],
    });
    for (const workload of workloads) {
      const opened = portsOpened(workload, 'ingress', 'monitoring').sort();
      const wanted = (scraped.get(workload.metadata.name) ?? []).sort();
      // Opened ports a pod does not listen on reach nothing; the ports it scrapes must all be open.
      const listening = containersOf(workload).flatMap((container) =>
        (container.ports ?? []).map((p) => p.containerPort),
      );
      expect([workload.metadata.name, opened.filter((port) => listening.includes(port))]).toEqual([
        workload.metadata.name,
        wanted,
      ]);
    }
    // Redis itself, and the Jobs, are not Prometheus' to reach.
    const redis = find('StatefulSet', 'redis');
    if (redis) expect(portsOpened(redis, 'ingress', 'monitoring')).toEqual([]);
    for (const job of of('Job'))
      expect([job.metadata.name, portsOpened(job, 'ingress', 'monitoring')]).toEqual([job.metadata.name, []]);
  });

  it('names jobs as the rules select them: the apps, nats and redis-exporter', () => {
    const apps = find('PodMonitor', 'medtutor')!;
    const nats = find('PodMonitor', 'nats')!;
    const redis = find('PodMonitor', 'redis-exporter')!;
    expect(apps.spec.jobLabel).toBe('app.kubernetes.io/name');
    expect(nats.spec.jobLabel).toBe('app.kubernetes.io/name');
    expect(podOf(find('StatefulSet', 'nats')!).metadata.labels['app.kubernetes.io/name']).toBe('nats');
    expect(redis.spec.podMetricsEndpoints[0].relabelings).toEqual([
      { targetLabel: 'job', replacement: 'redis-exporter' },
    ]);
    expect(find('Probe', 'medtutor-public')!.spec.jobName).toBe('medtutor-public');
  });

  it('runs prometheus-nats-exporter beside each NATS server, on its monitoring port, with JetStream and health', () => {
    const nats = find('StatefulSet', 'nats')!;
    const server = containersOf(nats).find((container) => container.name === 'nats')!;
    const exporter = containersOf(nats).find((container) => container.name === 'nats-exporter')!;
    expect(exporter.image).toMatch(/^natsio\/prometheus-nats-exporter:\d+\.\d+\.\d+@sha256:[0-9a-f]{64}$/);
    const monitorPort = server.ports!.find((port) => port.name === 'monitor')!.containerPort;
    expect(find('ConfigMap', 'nats-config')!.data!['nats.conf']).toContain(`http_port: ${monitorPort}`);
    expect(exporter.args).toEqual(
      expect.arrayContaining(['-port=7777', '-varz', '-healthz', '-jsz=all', `http://localhost:${monitorPort}`]),
    );
  });

  it("runs redis_exporter beside the gateway, on REDIS_URL from the secret and the gateway's CA if it has one", () => {
    const gateway = find('Deployment', 'gateway')!;
    const [first, ...others] = containersOf(gateway);
    expect(first!.name).toBe('gateway');
    const exporter = others.find((container) => container.name === 'redis-exporter')!;
    expect(exporter.image).toMatch(/^quay\.io\/oliver006\/redis_exporter:v\d+\.\d+\.\d+@sha256:[0-9a-f]{64}$/);
    const env = Object.fromEntries((exporter.env ?? []).map((variable) => [variable.name, variable]));
    expect(env.REDIS_ADDR?.valueFrom?.secretKeyRef).toEqual({ name: 'redis-auth', key: 'REDIS_URL' });
    const provided = of('ExternalSecret')
      .find((secret) => secret.spec.target.name === 'redis-auth')!
      .spec.data.map((item: { secretKey: string }) => item.secretKey);
    expect(provided).toContain('REDIS_URL');
    // The managed Redis is verified against the public CAs: neither sets a CA file (a private CA would be both's).
    const gatewayCa = first!.env!.find((variable) => variable.name === 'REDIS_CA_FILE')?.value;
    expect(env.REDIS_EXPORTER_TLS_CA_CERT_FILE?.value).toBe(gatewayCa);
  });

  it('probes the public URL of platform-config through the blackbox exporter', () => {
    const probe = find('Probe', 'medtutor-public')!;
    const publicUrl = find('ConfigMap', 'platform-config')!.data!.PUBLIC_BASE_URL!;
    expect(publicUrl).toMatch(/^https:\/\//);
    expect(probe.spec.targets.staticConfig.static).toEqual([publicUrl]);
    expect(probe.spec.module).toBe('http_2xx');
    expect(probe.spec.prober.url).toMatch(/\.monitoring\.svc:\d+$/);
  });
});

describe('prod overlay: tracing', () => {
  const endpoint = find('ConfigMap', 'platform-config')!.data!.OTEL_EXPORTER_OTLP_ENDPOINT!;

  it("exports every app's spans to the in-cluster collector over OTLP/HTTP, from platform-config", () => {
    expect(endpoint).toMatch(/^http:\/\/[a-z0-9-]+\.[a-z0-9-]+\.svc(\.cluster\.local)?:\d+$/);
    for (const app of APPS) {
      const [container] = containersOf(find('Deployment', app.name)!);
      expect([app.name, container!.envFrom]).toEqual([
        app.name,
        expect.arrayContaining([{ configMapRef: { name: 'platform-config' } }]),
      ]);
      // Nothing in the container's own env overrides it.
      expect(container!.env?.map((variable) => variable.name)).not.toContain('OTEL_EXPORTER_OTLP_ENDPOINT');
    }
  });

  it("lets every traced app reach exactly the endpoint's namespace and port", () => {
    const url = new URL(endpoint);
    const [, namespace] = url.hostname.split('.');
    for (const app of APPS) {
      expect([app.name, portsOpened(find('Deployment', app.name)!, 'egress', namespace!)]).toEqual([
        app.name,
        [Number(url.port)],
      ]);
    }
  });
});
