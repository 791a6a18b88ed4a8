import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { splitDatabaseConnections } from '@medtutor/nest-kit';
import { databaseWorkloads, labelOf } from './database-workloads.js';
import { K8S_OVERLAYS, read, renderKustomize, ROOT, SERVICES, type K8sObject } from './infra-helpers.js';

/**
 * The connection budget (docs/operations.md, "Connection budget"): the five databases share one
 * managed server with max_connections 200, of which 20 are kept back (superuser reserve, the
 * provider's agents, an operator's psql and a restore). Computed from the rendered prod overlay:
 * per database, (HPA maxReplicas + the rollout's maxSurge) × DATABASE_CONNECTIONS of each
 * Deployment that reads its URL, plus one connection per Job or CronJob that reads it (the
 * migration runner and pg_dump each hold one). Inside DATABASE_CONNECTIONS (splitDatabaseConnections)
 * a process holds two pg pools, Prisma's and the relays' (outbox and mail, ADR 0086), and the
 * advisory-lock connections of the sweeper and the other background jobs.
 */
const SERVER_MAX_CONNECTIONS = 200;
const RESERVED = 20;
const PLATFORM_BUDGET = SERVER_MAX_CONNECTIONS - RESERVED;
const PER_DATABASE_BUDGET = 50;

const objects = renderKustomize(K8S_OVERLAYS.prod);
const find = (kind: string, name: string) =>
  objects.find((object) => object.kind === kind && object.metadata.name === name);

/** DATABASE_CONNECTIONS as the container sees it: its own env first, else its ConfigMaps. */
function connectionsOf(workload: K8sObject): number {
  const container = workload.spec.template.spec.containers[0];
  const own = (container.env ?? []).find((variable: { name: string }) => variable.name === 'DATABASE_CONNECTIONS');
  if (own?.value) return Number(own.value);
  for (const source of container.envFrom ?? []) {
    const value = source.configMapRef && find('ConfigMap', source.configMapRef.name)?.data?.DATABASE_CONNECTIONS;
    if (value) return Number(value);
  }
  throw new Error(`${labelOf(workload)} does not set DATABASE_CONNECTIONS: its pools would take the default`);
}

/** The most pods of a Deployment at once: the autoscaler's maximum plus the rollout's surge. */
function mostPods(deployment: K8sObject): number {
  const hpa = objects.find(
    (object) =>
      object.kind === 'HorizontalPodAutoscaler' &&
      object.spec.scaleTargetRef.kind === 'Deployment' &&
      object.spec.scaleTargetRef.name === deployment.metadata.name,
  );
  const replicas: number = hpa?.spec.maxReplicas ?? deployment.spec.replicas ?? 1;
  const surge: number | string = deployment.spec.strategy?.rollingUpdate?.maxSurge ?? '25%';
  const extra = typeof surge === 'number' ? surge : Math.ceil((replicas * Number(surge.replace('%', ''))) / 100);
  return replicas + extra;
}

/** Each database's worst case, by the Secret key of its URL, with what makes it up. */
function budgetByDatabase(): Map<string, { total: number; parts: string[] }> {
  const budget = new Map<string, { total: number; parts: string[] }>();
  for (const { object, databaseVar } of databaseWorkloads(objects)) {
    const entry = budget.get(databaseVar) ?? { total: 0, parts: [] };
    if (object.kind === 'Deployment') {
      const pods = mostPods(object);
      const perPod = connectionsOf(object);
      entry.total += pods * perPod;
      entry.parts.push(`${labelOf(object)}: ${pods} pods × ${perPod}`);
    } else {
      const parallel: number =
        (object.kind === 'CronJob' ? object.spec.jobTemplate.spec.parallelism : object.spec.parallelism) ?? 1;
      entry.total += parallel;
      entry.parts.push(`${labelOf(object)}: ${parallel}`);
    }
    budget.set(databaseVar, entry);
  }
  return budget;
}

describe('prod overlay: the connection budget', () => {
  const budget = budgetByDatabase();

  it('counts every service database, each with its Deployment, migration Job and backup', () => {
    expect([...budget.keys()].sort()).toEqual(SERVICES.map((app) => app.databaseVar).sort());
    for (const { parts } of budget.values()) expect(parts).toHaveLength(3);
  });

  it.each(SERVICES)(`keeps $name's database within ${PER_DATABASE_BUDGET} connections`, (app) => {
    const entry = budget.get(app.databaseVar!)!;
    expect({ database: app.database, ...entry, withinBudget: entry.total <= PER_DATABASE_BUDGET }).toEqual({
      database: app.database,
      ...entry,
      withinBudget: true,
    });
  });

  it(`keeps the server within ${PLATFORM_BUDGET} of its ${SERVER_MAX_CONNECTIONS} connections`, () => {
    const total = [...budget.values()].reduce((sum, entry) => sum + entry.total, 0);
    expect(total).toBeLessThanOrEqual(PLATFORM_BUDGET);
    expect(read('docs/operations.md')).toContain(`${total} in all`);
  });

  it('bounds every service process by DATABASE_CONNECTIONS and scales every service by an autoscaler', () => {
    for (const app of SERVICES) {
      const deployment = find('Deployment', app.name)!;
      expect({ app: app.name, connections: connectionsOf(deployment) }).toEqual({ app: app.name, connections: 8 });
      const hpa = find('HorizontalPodAutoscaler', app.name);
      expect(hpa?.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa?.spec.metrics).toEqual([
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'AverageValue', averageValue: '300m' } } },
      ]);
    }
  });

  /** The `leases` a service's config passes to serviceRuntime. */
  const declaredLeases = (app: (typeof SERVICES)[number]) =>
    Number(
      read(join(app.dir, 'src/config', `${app.name}.config.ts`)).match(
        /serviceRuntime\(env, ctx, \{[^}]*leases: (\d+)/,
      )?.[1],
    );

  // A background job's lock connection is outside the pools: the service must reserve one for each
  // (serviceRuntime's `leases`), or a process would open more than DATABASE_CONNECTIONS.
  it.each(SERVICES)("reserves a lock connection for each of $name's background jobs", (app) => {
    const sources = readdirSync(join(ROOT, app.dir, 'src'), { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && !file.startsWith('generated'),
    );
    const jobs = sources.flatMap((file) => [
      ...read(join(app.dir, 'src', file)).matchAll(/new (AdvisoryLease|RetentionJob)\(/g),
    ]).length;
    expect({ app: app.name, leases: declaredLeases(app) }).toEqual({ app: app.name, leases: jobs });
  });

  it('quotes in docs/operations.md the Prisma pool each service is left with', () => {
    const quoted = SERVICES.map((app) => {
      const split = splitDatabaseConnections(connectionsOf(find('Deployment', app.name)!), {
        leases: declaredLeases(app),
      });
      return `${app.name} ${typeof split === 'string' ? split : split.prisma}`;
    });
    const docs = read('docs/operations.md').replace(/\s+/g, ' ');
    expect(quoted.filter((share) => !docs.includes(share))).toEqual([]);
  });
});
