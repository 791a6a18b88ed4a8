import { describe, expect, it } from '@jest/globals';
import { MetricNames } from '@medtutor/nest-kit';
import { parser } from '@prometheus-io/lezer-promql';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { parseAllDocuments } from 'yaml';
import { APPS, loadK8s, read } from '../infra/infra-helpers.js';
import { EXPORTER_SERIES } from './exporter-metrics.js';

/**
 * The alerts and the dashboard against the code: every PromQL expression of the alert rules and the
 * Grafana dashboard parses (Prometheus' own grammar, @prometheus-io/lezer-promql: promtool is not
 * available here), and every metric and label it names is one the platform registers (MetricNames,
 * prom-client's Node runtime metrics), one an exporter the rules rely on serves (exporter-metrics.ts,
 * selected by the job its scrape gets) or one Prometheus adds to each target.
 */
const RULES = 'infra/k8s/components/observability/prometheus-rules.yaml';
const DASHBOARD = 'infra/observability/grafana/medtutor-dashboard.json';
const POD_MONITORS = 'infra/k8s/components/observability/pod-monitors.yaml';

/** Labels Prometheus (with the Prometheus Operator's PodMonitor) puts on every scraped series. */
const TARGET_LABELS = ['job', 'instance', 'namespace', 'pod', 'container', 'endpoint'];

/** Every series name a scrape can show, with its labels: histograms as their _bucket, _sum and _count. */
function knownSeries(): Map<string, Set<string>> {
  const series = new Map<string, Set<string>>([['up', new Set()]]);
  const add = (name: string, type: string, labels: readonly string[]) => {
    const suffixes =
      type === 'histogram' ? ['_bucket', '_sum', '_count'] : type === 'summary' ? ['', '_sum', '_count'] : [''];
    for (const suffix of suffixes) {
      const extra = suffix === '_bucket' ? ['le'] : type === 'summary' && suffix === '' ? ['quantile'] : [];
      series.set(name + suffix, new Set([...labels, ...extra]));
    }
  };
  for (const { name, type, labels } of Object.values(MetricNames)) add(name, type, labels);
  for (const [name, { labels }] of Object.entries(EXPORTER_SERIES)) add(name, 'gauge', labels);
  const runtime = new Registry();
  collectDefaultMetrics({ register: runtime });
  for (const metric of runtime.getMetricsAsArray()) {
    const { name, type, labelNames } = metric as unknown as { name: string; type: string; labelNames: string[] };
    add(name, type, labelNames);
  }
  return series;
}

interface Usage {
  /** Every metric selected, with the labels its matchers name. */
  selectors: { metric: string; labels: string[] }[];
  /** Labels of `by (...)`, `without (...)`, `on (...)` and `ignoring (...)`, with the metrics beneath them. */
  groupings: { labels: string[]; metrics: string[] }[];
}

type SyntaxNode = ReturnType<typeof parser.parse>['topNode'];

/** The nodes named `name` anywhere below `node`. */
function descendants(node: SyntaxNode, name: string): SyntaxNode[] {
  const found: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.name === name) found.push(child);
    found.push(...descendants(child, name));
  }
  return found;
}

/** Parses one expression; fails on any syntax error, with its position. */
function promql(expr: string): Usage {
  const tree = parser.parse(expr);
  const text = (node: SyntaxNode) => expr.slice(node.from, node.to);
  tree.iterate({
    enter(ref) {
      if (ref.type.isError) throw new Error(`PromQL syntax error at ${ref.from} in: ${expr}`);
    },
  });
  const selectors = descendants(tree.topNode, 'VectorSelector').map((selector) => {
    const identifier = selector.getChild('Identifier');
    if (!identifier) throw new Error(`a selector without a metric name in: ${expr}`);
    const matchers = selector.getChild('LabelMatchers');
    return { metric: text(identifier), labels: matchers ? descendants(matchers, 'LabelName').map(text) : [] };
  });
  // Each grouping with the metrics of the aggregation or binary expression it belongs to.
  const groupings = descendants(tree.topNode, 'GroupingLabels').map((grouping) => ({
    labels: grouping.getChildren('LabelName').map(text),
    metrics: grouping.parent?.parent ? descendants(grouping.parent.parent, 'Identifier').map(text) : [],
  }));
  return { selectors, groupings };
}

/** The labels of a metric a selector or grouping may name. */
function labelsOf(series: Map<string, Set<string>>, metric: string): Set<string> {
  return new Set([...(series.get(metric) ?? []), ...TARGET_LABELS]);
}

/** The `job="…"` matcher of each selector of `metric` in `expr` (undefined where it has none). */
const jobsSelecting = (expr: string, metric: string) =>
  [...expr.matchAll(new RegExp(`\\b${metric}(?![\\w:])(\\{[^}]*\\})?`, 'g'))].map(
    ([, matchers]) => /\bjob="([^"]*)"/.exec(matchers ?? '')?.[1],
  );

function checkAgainstCode(expr: string, series: Map<string, Set<string>>): Usage {
  const usage = promql(expr);
  expect(usage.selectors.length).toBeGreaterThan(0);
  for (const { metric, labels } of usage.selectors) {
    expect([metric, series.has(metric)]).toEqual([metric, true]);
    // An exporter's series, by the job its scrape gets: a rule that names another job never fires.
    const job = EXPORTER_SERIES[metric]?.job;
    if (job) for (const selected of jobsSelecting(expr, metric)) expect([metric, selected]).toEqual([metric, job]);
    const known = labelsOf(series, metric);
    for (const label of labels) expect([metric, label, known.has(label)]).toEqual([metric, label, true]);
  }
  for (const { labels, metrics } of usage.groupings) {
    const known = new Set(metrics.flatMap((metric) => [...labelsOf(series, metric)]));
    for (const label of labels) expect([metrics, label, known.has(label)]).toEqual([metrics, label, true]);
  }
  return usage;
}

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string; description: string; runbook_url: string };
}

interface PrometheusRule {
  kind: string;
  metadata: { name: string };
  spec: { groups: { name: string; rules: Rule[] }[] };
}

const ruleObjects = (): PrometheusRule[] =>
  parseAllDocuments(read(RULES)).map((document) => document.toJS() as PrometheusRule);
const rulesOf = (name: string): Rule[] =>
  ruleObjects()
    .filter((object) => object.metadata.name === name)
    .flatMap((object) => object.spec.groups.flatMap((group) => group.rules));
const rules = (): Rule[] => ruleObjects().flatMap((object) => object.spec.groups.flatMap((group) => group.rules));

interface Panel {
  type: string;
  title: string;
  datasource?: { uid: string };
  targets?: { expr: string; refId: string }[];
}

const dashboard = () => JSON.parse(read(DASHBOARD)) as { uid: string; panels: Panel[] };

/** Grafana's interval variables, as Grafana would substitute them before Prometheus parses the query. */
const withGrafanaVariables = (expr: string) => expr.replaceAll(/\$__(rate_interval|interval|range)/g, '5m');

describe('alert rules', () => {
  const series = knownSeries();

  it('is a PrometheusRule per set of alerts, and nothing else', () => {
    expect(ruleObjects().map((object) => [object.kind, object.metadata.name])).toEqual([
      ['PrometheusRule', 'medtutor-apps'],
      ['PrometheusRule', 'medtutor-platform'],
    ]);
  });

  it("has the alerts on the apps' metrics, each with a severity, texts and a runbook in docs/operations.md", () => {
    const all = rulesOf('medtutor-apps');
    expect(all.map((rule) => rule.alert).sort()).toEqual(
      [
        'ConsumerLag',
        'DeadLettersPresent',
        'High5xxRate',
        'OutboxBacklog',
        'RetentionFailing',
        'TargetDown',
        'WebhookFailures',
      ].sort(),
    );
    for (const rule of all) {
      expect(['warning', 'critical']).toContain(rule.labels.severity);
      expect(rule.annotations.summary).toMatch(/\S/);
      expect(rule.annotations.description).toMatch(/\S/);
      expect(rule.annotations.runbook_url).toMatch(/^docs\/operations\.md#[a-z0-9-]+$/);
      if (rule.for !== undefined) expect(rule.for).toMatch(/^\d+[smh]$/);
    }
  });

  it('has the alerts on what the platform stands on, each with a severity, texts and a runbook in docs/runbooks', () => {
    const all = rulesOf('medtutor-platform');
    expect(all.map((rule) => rule.alert).sort()).toEqual(
      [
        'BackupJobFailed',
        'CertificateExpiringSoon',
        'DatabasePoolWaits',
        'JetStreamAckPendingGrowing',
        'JetStreamConsumerPendingGrowing',
        'JetStreamQuorumLost',
        'JetStreamStorageNearLimit',
        'JetStreamStreamNearLimit',
        'MigrationJobFailed',
        'NatsServerDown',
        'PublicSiteDown',
        'RedisDown',
        'RedisMemoryHigh',
      ].sort(),
    );
    for (const rule of all) {
      expect(['warning', 'critical']).toContain(rule.labels.severity);
      expect(rule.annotations.summary).toMatch(/\S/);
      expect(rule.annotations.description).toMatch(/\S/);
      expect(rule.annotations.runbook_url).toMatch(/^docs\/runbooks\/[a-z0-9-]+\.md#[a-z0-9-]+$/);
      if (rule.for !== undefined) expect(rule.for).toMatch(/^\d+[smh]$/);
    }
  });

  it("reads the pools' waiting queries from the metric the pg pools register", () => {
    const poolWaits = rulesOf('medtutor-platform').find((rule) => rule.alert === 'DatabasePoolWaits')!;
    expect(poolWaits.expr).toContain(`${MetricNames.pgPoolConnections.name}{state="waiting"}`);
  });

  it.each(rules().map((rule) => [rule.alert, rule] as const))(
    '%s parses and uses only metrics and labels the code registers',
    (_alert, rule) => {
      const usage = checkAgainstCode(rule.expr, series);
      // `$labels.x` in the texts must be a label the alert's series keep.
      const kept = new Set([...usage.groupings.flatMap((grouping) => grouping.labels), ...TARGET_LABELS]);
      const grouped = usage.groupings.length > 0;
      for (const text of [rule.annotations.summary, rule.annotations.description]) {
        for (const [, label] of text.matchAll(/\$labels\.(\w+)/g)) {
          const available = grouped ? kept : labelsOf(series, usage.selectors[0]!.metric);
          expect([label, available.has(label!)]).toEqual([label, true]);
        }
      }
    },
  );

  it('rejects an expression with a syntax error or an unknown metric (the checks can fail)', () => {
    expect(() => promql('sum(rate(http_request_duration_seconds_count[5m])')).toThrow(/syntax error/);
    expect(() => checkAgainstCode('rate(http_requests_total[5m])', series)).toThrow();
    expect(() => checkAgainstCode('sum by (path) (rate(http_request_duration_seconds_count[5m]))', series)).toThrow();
    // An exporter's series under a job no scrape gives it.
    expect(() => checkAgainstCode('jetstream_consumer_num_pending{job="jetstream"} > 0', series)).toThrow();
    expect(() => checkAgainstCode('jetstream_consumer_num_pending{job="nats"} > 0', series)).not.toThrow();
  });
});

describe('Grafana dashboard', () => {
  const series = knownSeries();
  const panels = dashboard().panels.filter((panel) => panel.type !== 'row');

  it('queries the Prometheus picked in its datasource variable, in every panel', () => {
    expect(panels.length).toBeGreaterThanOrEqual(10);
    for (const panel of panels) {
      expect([panel.title, panel.datasource?.uid]).toEqual([panel.title, '${datasource}']);
      expect(panel.targets?.length).toBeGreaterThan(0);
    }
  });

  it('has the panels of issue 14', () => {
    const used = new Set(
      panels.flatMap((panel) =>
        panel.targets!.flatMap((target) => promql(withGrafanaVariables(target.expr)).selectors),
      ),
    );
    const metrics = new Set([...used].map((selector) => selector.metric));
    for (const metric of [
      `${MetricNames.httpRequestDuration.name}_count`,
      `${MetricNames.httpRequestDuration.name}_bucket`,
      `${MetricNames.rpcClientDuration.name}_bucket`,
      `${MetricNames.rpcServerDuration.name}_bucket`,
      MetricNames.consumerPending.name,
      MetricNames.deadLetters.name,
      MetricNames.outboxUnpublished.name,
      MetricNames.pgPoolConnections.name,
      MetricNames.webhookFailures.name,
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
    ]) {
      expect([metric, metrics.has(metric)]).toEqual([metric, true]);
    }
  });

  it.each(panels.map((panel) => [panel.title, panel] as const))(
    '"%s" parses and uses only metrics and labels the code registers',
    (_title, panel) => {
      for (const target of panel.targets!) checkAgainstCode(withGrafanaVariables(target.expr), series);
    },
  );
});

describe('scrape configuration', () => {
  const [podMonitor] = parseAllDocuments(read(POD_MONITORS)).map((document) => document.toJS());
  const deployments = loadK8s().filter((object) => object.kind === 'Deployment');

  it("scrapes every app's pods on the port their probes use, named as the alerts' jobs", () => {
    const endpoint = podMonitor.spec.podMetricsEndpoints[0];
    expect(endpoint).toMatchObject({ port: 'health', path: '/metrics' });
    const [selector] = podMonitor.spec.selector.matchExpressions as {
      key: string;
      operator: string;
      values: string[];
    }[];
    expect(selector).toMatchObject({ key: podMonitor.spec.jobLabel, operator: 'In' });
    expect([...selector!.values].sort()).toEqual(APPS.map((app) => app.name).sort());
    for (const app of APPS) {
      const deployment = deployments.find((object) => object.metadata.name === app.name);
      const pod = deployment?.spec.template;
      expect([app.name, pod?.metadata.labels[podMonitor.spec.jobLabel]]).toEqual([app.name, app.name]);
      const ports = pod.spec.containers.flatMap((container: { ports?: { name: string }[] }) => container.ports ?? []);
      expect(ports.map((port: { name: string }) => port.name)).toContain(endpoint.port);
    }
    const targetDown = rules().find((rule) => rule.alert === 'TargetDown')!;
    expect(targetDown.expr).toContain(`job=~"${APPS.map((app) => app.name).join('|')}"`);
  });
});
