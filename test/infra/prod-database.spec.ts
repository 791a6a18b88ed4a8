import { dirname } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { caBundleState, DATABASE_CA_PATH, databaseTlsProblem } from '@medtutor/nest-kit';
import { databaseWorkloads, labelOf } from './database-workloads.js';
import { K8S_OVERLAYS, read, renderKustomize, SERVICES, type K8sObject } from './infra-helpers.js';

/**
 * What the prod overlay does for PostgreSQL (issue 28): the provider's CA bundle mounted wherever a
 * database URL is read, for `sslmode=verify-full&sslrootcert=DATABASE_CA_PATH`; and one database
 * subnet (database-network.yaml) in every policy that reaches PostgreSQL.
 */
const objects = renderKustomize(K8S_OVERLAYS.prod);
const workloads = databaseWorkloads(objects);
const PROD = K8S_OVERLAYS.prod;

describe('prod overlay: database TLS', () => {
  it('finds a database URL in every service, migration Job and backup CronJob', () => {
    const found = workloads.map((workload) => labelOf(workload.object));
    for (const app of SERVICES) {
      // Jobs may carry a release suffix (a Job per release): the prefix names the service.
      expect(found).toEqual(
        expect.arrayContaining([
          `Deployment ${app.name}`,
          `CronJob ${app.name}-backup`,
          expect.stringMatching(new RegExp(`^Job ${app.name}-migrate`)),
        ]),
      );
    }
    expect(found).toHaveLength(SERVICES.length * 3);
  });

  it.each(workloads.map((workload) => [labelOf(workload.object), workload] as const))(
    'mounts the provider CA bundle where %s reads sslrootcert',
    (_label, workload) => {
      const volume = (workload.pod.volumes ?? []).find((candidate) =>
        candidate.configMap?.name.startsWith('database-ca'),
      );
      expect(volume).toBeDefined();
      const configMap = objects.find(
        (object) => object.kind === 'ConfigMap' && object.metadata.name === volume?.configMap?.name,
      );
      expect(Object.keys(configMap?.data ?? {})).toEqual(['ca.pem']);
      for (const container of workload.containers) {
        expect(container.volumeMounts).toContainEqual({
          name: volume?.name,
          mountPath: dirname(DATABASE_CA_PATH),
          readOnly: true,
        });
      }
    },
  );

  it('ships a placeholder bundle that every service refuses at start, naming the fix', () => {
    const shipped = read(`${PROD}/database-ca.pem`);
    expect(shipped).toMatch(/REPLACE THIS FILE/);
    const state = caBundleState(shipped, new Date());
    expect(state).toEqual({ kind: 'no-ca-certificate' });
    const url = `postgresql://app@db.example.internal:5432/app?sslmode=verify-full&sslrootcert=${DATABASE_CA_PATH}`;
    expect(databaseTlsProblem({ url, production: true, ca: state })).toMatch(/holds no CA certificate .*Database TLS/);
  });
});

describe('prod overlay: database egress', () => {
  const setting = parse(read(`${PROD}/database-network.yaml`)) as K8sObject;
  const cidr = setting.data?.cidr ?? '';
  const policies = objects.filter(
    (object) =>
      object.kind === 'NetworkPolicy' &&
      (object.spec.egress ?? []).some((rule: { ports?: Array<{ port: number }> }) =>
        (rule.ports ?? []).some((port) => port.port === 5432),
      ),
  );

  it('sets the databases’ subnet in one place, as a subnet that survives a failover or a restore', () => {
    expect(cidr).toMatch(/^\d+\.\d+\.\d+\.\d+\/\d+$/);
    expect(Number(cidr.split('/')[1])).toBeLessThanOrEqual(28);
    expect(objects.some((object) => object.metadata.name === 'database-network')).toBe(false);
  });

  it('lets every policy that reaches PostgreSQL reach that subnet, and nothing else on 5432', () => {
    expect(policies.map((policy) => policy.metadata.name).sort()).toEqual(
      SERVICES.map((app) => `${app.name}-database`).sort(),
    );
    for (const policy of policies) {
      expect({ policy: policy.metadata.name, egress: policy.spec.egress }).toEqual({
        policy: policy.metadata.name,
        egress: [{ to: [{ ipBlock: { cidr } }], ports: [{ protocol: 'TCP', port: 5432 }] }],
      });
    }
  });

  it.each(workloads.map((workload) => [labelOf(workload.object), workload] as const))(
    'admits %s to its database through those policies',
    (_label, workload) => {
      const labels = podLabels(workload.object);
      const admitting = policies.filter((policy) =>
        (policy.spec.podSelector.matchExpressions ?? []).every((expression: { key: string; values: string[] }) =>
          expression.values.includes(labels[expression.key] ?? ''),
        ),
      );
      expect(admitting.map((policy) => policy.metadata.name)).toEqual([
        `${SERVICES.find((app) => app.databaseVar === workload.databaseVar)?.name}-database`,
      ]);
    },
  );

  it('has the restore runbooks check the subnet after a restore to a new instance', () => {
    for (const doc of ['docs/operations.md', 'docs/runbooks/restore-erasures.md']) {
      expect({ doc, mentions: /database-network\.yaml/.test(read(doc)) }).toEqual({ doc, mentions: true });
    }
  });
});

function podLabels(object: K8sObject): Record<string, string> {
  const template = object.kind === 'CronJob' ? object.spec.jobTemplate.spec.template : object.spec.template;
  return template.metadata.labels;
}
