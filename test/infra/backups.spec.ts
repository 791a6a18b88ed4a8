import { describe, expect, it } from '@jest/globals';
import { DeadLetterStream, EventStreams } from '@medtutor/contracts';
import { CronJob } from 'kubernetes-models/batch/v1/CronJob';
import { K8S_OVERLAYS, renderKustomize, SERVICES, type K8sObject } from './infra-helpers.js';

/**
 * The backups component (infra/k8s/components/backups) as the production overlay renders it: a
 * nightly dump CronJob per service database, reading the URL from the Secret its service reads, and
 * one CronJob snapshotting every platform stream; pods as locked down as the apps'; every key they
 * read provided by an ExternalSecret; NetworkPolicies that let each job reach what it backs up.
 */

interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  env?: Array<{ name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }>;
  envFrom?: Array<{ configMapRef?: { name: string } }>;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: Record<string, unknown>;
  volumeMounts?: Array<{ name: string; mountPath: string; readOnly?: boolean }>;
}

const objects = renderKustomize(K8S_OVERLAYS.prod);
const of = (kind: string) => objects.filter((object) => object.kind === kind);
const find = (kind: string, name: string) => of(kind).find((object) => object.metadata.name === name);
const backups = of('CronJob');
const podOf = (cronJob: K8sObject) => cronJob.spec.jobTemplate.spec.template;
const containersOf = (cronJob: K8sObject): Container[] => [
  ...(podOf(cronJob).spec.initContainers ?? []),
  ...podOf(cronJob).spec.containers,
];
const script = (container: Container | undefined) =>
  [...(container?.command ?? []), ...(container?.args ?? [])].join(' ');
const secretRefs = (container: Container) =>
  (container.env ?? []).flatMap((variable) =>
    variable.valueFrom?.secretKeyRef ? [variable.valueFrom.secretKeyRef] : [],
  );

describe('backups in the production overlay', () => {
  it('has a backup CronJob per service database and one for JetStream, valid against the Kubernetes schemas', () => {
    console.log(
      `prod backups: ${backups
        .map((cronJob) => `${cronJob.metadata.name} (${cronJob.spec.schedule} ${cronJob.spec.timeZone})`)
        .join(', ')}`,
    );
    expect(backups.map((cronJob) => cronJob.metadata.name).sort()).toEqual(
      [...SERVICES.map((service) => `${service.name}-backup`), 'jetstream-backup'].sort(),
    );
    for (const cronJob of backups) {
      expect(() => new CronJob(cronJob as never).validate()).not.toThrow();
      // A run never overlaps the previous one, and a missed night is caught up within the hour.
      expect(cronJob.spec).toMatchObject({ concurrencyPolicy: 'Forbid', timeZone: 'Etc/UTC' });
      expect(cronJob.spec.startingDeadlineSeconds).toBeGreaterThan(0);
      expect(cronJob.spec.jobTemplate.spec.activeDeadlineSeconds).toBeGreaterThan(0);
    }
  });

  it.each(SERVICES)('dumps $name with the database URL its own Deployment reads', (service) => {
    const cronJob = find('CronJob', `${service.name}-backup`)!;
    const [dump, upload] = containersOf(cronJob);
    const serviceRef = (find('Deployment', service.name)!.spec.template.spec.containers[0] as Container).env?.find(
      (variable) => variable.name === service.databaseVar,
    )?.valueFrom?.secretKeyRef;
    expect(serviceRef).toBeDefined();
    expect(dump?.env?.find((variable) => variable.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef).toEqual(
      serviceRef,
    );
    // The script the restore drill tests, from the backup image: dump, read back, encrypt.
    expect(dump?.image).toMatch(/^medtutor\/backup:/);
    expect(script(dump)).toMatch(
      new RegExp(`^bash -ec backup-database\\.sh "/backup/${service.name}-.*\\.dump\\.age"$`),
    );
    expect(script(upload)).toContain(`backups:$(BACKUP_BUCKET)/postgres/${service.name}`);
  });

  it('snapshots every platform stream as the `backup` NATS user, over TLS trusting the internal CA', () => {
    const cronJob = find('CronJob', 'jetstream-backup')!;
    const [snapshot, , upload] = containersOf(cronJob);
    const listed = /for stream in ([A-Z_ ]+);/.exec(script(snapshot))?.[1]?.split(' ');
    expect(listed?.sort()).toEqual(
      [...Object.values(EventStreams), DeadLetterStream].map((stream) => stream.name).sort(),
    );
    // Its replies and the snapshot's chunks under `_INBOX.backup`, the only inbox its user may read.
    expect(script(snapshot)).toContain('nats --inbox-prefix _INBOX.backup stream backup "$stream"');
    expect(snapshot?.env).toEqual(
      expect.arrayContaining([
        { name: 'NATS_URL', value: find('ConfigMap', 'platform-config')?.data?.NATS_URL },
        { name: 'NATS_CA', value: '/etc/medtutor/internal-ca/ca.crt' },
        { name: 'NATS_USER', value: 'backup' },
        { name: 'NATS_PASSWORD', valueFrom: { secretKeyRef: { name: 'nats-users', key: 'NATS_BACKUP_PASSWORD' } } },
      ]),
    );
    expect(find('ConfigMap', 'platform-config')?.data?.NATS_URL).toBe('tls://nats:4222');
    expect(snapshot?.volumeMounts).toContainEqual({
      name: 'internal-ca',
      mountPath: '/etc/medtutor/internal-ca',
      readOnly: true,
    });
    // The CA's certificate only, never its private key.
    expect(podOf(cronJob).spec.volumes).toContainEqual({
      name: 'internal-ca',
      secret: { secretName: 'medtutor-internal-ca', items: [{ key: 'ca.crt', path: 'ca.crt' }] },
    });
    expect(script(upload)).toContain('backups:$(BACKUP_BUCKET)/jetstream');
  });

  it.each(backups.map((cronJob) => [cronJob.metadata.name, cronJob] as const))(
    '%s: non-root, read-only, unprivileged, bounded, pinned images',
    (_name, cronJob) => {
      const pod = podOf(cronJob).spec;
      expect(pod.restartPolicy).toBe('Never');
      expect(pod.automountServiceAccountToken).toBe(false);
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
      for (const container of containersOf(cronJob)) {
        expect({ container: container.name, securityContext: container.securityContext }).toEqual({
          container: container.name,
          securityContext: {
            allowPrivilegeEscalation: false,
            readOnlyRootFilesystem: true,
            capabilities: { drop: ['ALL'] },
          },
        });
        expect(Object.keys(container.resources?.requests ?? {}).sort()).toEqual(['cpu', 'memory']);
        expect(Object.keys(container.resources?.limits ?? {}).sort()).toEqual(['cpu', 'memory']);
        expect({ image: container.image, pinned: /:[^:/@]*\d[^:/@]*$/.test(container.image) }).toEqual({
          image: container.image,
          pinned: true,
        });
      }
    },
  );

  it('reads only keys an ExternalSecret provides, and the bucket settings from a ConfigMap', () => {
    const provided = new Set(
      of('ExternalSecret').flatMap((secret) =>
        (secret.spec.data as Array<{ secretKey: string }>).map(
          (item) => `${secret.spec.target.name}/${item.secretKey}`,
        ),
      ),
    );
    const read = backups.flatMap((cronJob) =>
      containersOf(cronJob).flatMap((container) => secretRefs(container).map((ref) => `${ref.name}/${ref.key}`)),
    );
    expect(read.filter((key) => !provided.has(key))).toEqual([]);
    expect(of('Secret')).toEqual([]);
    for (const cronJob of backups) {
      const upload = containersOf(cronJob).find((container) => container.name === 'upload')!;
      expect(upload.envFrom).toEqual([{ configMapRef: { name: 'backup-storage' } }]);
    }
    expect(find('ConfigMap', 'backup-storage')?.data).toMatchObject({ BACKUP_BUCKET: expect.any(String) });
  });

  it('lets each job reach what it backs up, and the bucket over HTTPS only', () => {
    const policies = of('NetworkPolicy');
    const selecting = (labels: Record<string, string>) =>
      policies.filter((policy) => {
        const selector = policy.spec.podSelector as {
          matchLabels?: Record<string, string>;
          matchExpressions?: Array<{ key: string; values: string[] }>;
        };
        return (
          Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value) &&
          (selector.matchExpressions ?? []).every((expression) =>
            expression.values.includes(labels[expression.key] ?? ''),
          )
        );
      });
    for (const cronJob of backups) {
      const labels = podOf(cronJob).metadata.labels as Record<string, string>;
      const names = selecting(labels).map((policy) => policy.metadata.name);
      const database = cronJob.metadata.name.replace(/-backup$/, '-database');
      expect(names).toEqual(
        expect.arrayContaining(
          cronJob.metadata.name === 'jetstream-backup'
            ? ['default-deny', 'dns', 'backup-object-storage', 'jetstream-backup']
            : ['default-deny', 'dns', 'backup-object-storage', database],
        ),
      );
    }
    // The bucket's addresses only (egress-allowlist.yaml), never the whole internet.
    const [bucket, ...others] = find('NetworkPolicy', 'backup-object-storage')?.spec.egress ?? [];
    expect(others).toEqual([]);
    expect(bucket.ports).toEqual([{ protocol: 'TCP', port: 443 }]);
    const cidrs = (bucket.to as Array<{ ipBlock: { cidr: string } }>).map((peer) => peer.ipBlock.cidr);
    expect(cidrs.length).toBeGreaterThan(0);
    for (const cidr of cidrs)
      expect({ cidr, prefix: Number(cidr.split('/')[1]) >= 16 }).toEqual({ cidr, prefix: true });
    const natsClients = find('NetworkPolicy', 'nats')?.spec.ingress[0];
    expect(natsClients.from[0].podSelector.matchExpressions[0].values).toContain('jetstream-backup');
    expect(natsClients.ports).toEqual([{ protocol: 'TCP', port: 4222 }]);
  });
});
