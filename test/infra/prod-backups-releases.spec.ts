import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { K8S_OVERLAYS, type K8sObject, read, renderKustomize, ROOT, SERVICES } from './infra-helpers.js';

/**
 * Issue 28, points 9 and 10, on the rendered production overlay: every backup is encrypted with age
 * to a public key (config) before it reaches the bucket, the read key reaches no workload, and the
 * Jobs of a release carry the release in their name and the Argo CD hook annotations, so neither
 * `kubectl apply` nor a GitOps controller trips over an immutable Job.
 */

interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  env?: Array<{
    name: string;
    value?: string;
    valueFrom?: { secretKeyRef?: { name: string }; configMapKeyRef?: { name: string; key: string } };
  }>;
  envFrom?: Array<{ secretRef?: { name: string }; configMapRef?: { name: string } }>;
  volumeMounts?: Array<{ name: string; mountPath: string; readOnly?: boolean }>;
}
interface PodSpec {
  initContainers?: Container[];
  containers: Container[];
  volumes?: Array<{ name: string; secret?: { secretName: string }; projected?: unknown }>;
}

const objects = renderKustomize(K8S_OVERLAYS.prod);
const of = (kind: string) => objects.filter((object) => object.kind === kind);
const find = (kind: string, name: string) => of(kind).find((object) => object.metadata.name === name);
const podSpecOf = (object: K8sObject): PodSpec | undefined =>
  object.kind === 'CronJob' ? object.spec.jobTemplate.spec.template.spec : object.spec?.template?.spec;
type Rbac = K8sObject & { rules?: Array<{ resources?: string[] }>; roleRef?: Record<string, string> };
const containersOf = (pod: PodSpec) => [...(pod.initContainers ?? []), ...pod.containers];
const script = (container: Container) => [...(container.command ?? []), ...(container.args ?? [])].join(' ');
const backups = of('CronJob').filter(
  (cronJob) => cronJob.metadata.labels?.['app.kubernetes.io/component'] === 'backup',
);
const releaseJobs = of('Job').filter((job) =>
  ['migration', 'provisioning'].includes(job.metadata.labels?.['app.kubernetes.io/component'] ?? ''),
);
const READ_KEY = 'backup-age-identity';

describe('prod backups: encrypted with a key the business holds', () => {
  it('encrypts every backup with age to BACKUP_AGE_RECIPIENTS before the upload, which ships only .age files', () => {
    expect(backups.map((cronJob) => cronJob.metadata.name).sort()).toEqual(
      [...SERVICES.map((service) => `${service.name}-backup`), 'jetstream-backup'].sort(),
    );
    for (const cronJob of backups) {
      const containers = containersOf(podSpecOf(cronJob)!);
      const encrypting = containers.filter((container) => /backup-database\.sh|age --encrypt/.test(script(container)));
      const upload = containers.find((container) => container.name === 'upload')!;
      expect({ job: cronJob.metadata.name, encrypting: encrypting.length }).toEqual({
        job: cronJob.metadata.name,
        encrypting: 1,
      });
      const [encrypt] = encrypting;
      // Encrypting runs before the upload: an init container, from the image with age in it.
      expect(podSpecOf(cronJob)!.initContainers).toContain(encrypt);
      expect(encrypt!.image).toMatch(/^medtutor\/backup:/);
      expect(encrypt!.env).toContainEqual({
        name: 'BACKUP_AGE_RECIPIENTS',
        valueFrom: { configMapKeyRef: { name: 'backup-storage', key: 'BACKUP_AGE_RECIPIENTS' } },
      });
      expect(upload.args).toEqual(expect.arrayContaining(['--include']));
      expect(upload.args?.[upload.args.indexOf('--include') + 1]).toMatch(/\.age$/);
    }
  });

  it('dumps with a script that refuses to write a clear dump (or one to the shipped placeholder), built into the image', () => {
    const placeholder = find('ConfigMap', 'backup-storage')?.data?.BACKUP_AGE_RECIPIENTS as string;
    const backup = (file: string, recipients?: string) =>
      spawnSync('bash', [join(ROOT, 'scripts/ops/backup-database.sh'), file], {
        env: {
          PATH: process.env.PATH ?? '',
          NO_COLOR: '1',
          DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none',
          ...(recipients === undefined ? {} : { BACKUP_AGE_RECIPIENTS: recipients }),
        },
        encoding: 'utf8',
      });
    const refusals = [
      backup('/nonexistent/identity.dump', 'age1qqqq'),
      backup('/nonexistent/identity.dump.age'),
      backup('/nonexistent/identity.dump.age', placeholder),
    ];
    expect(refusals.map((result) => [result.status, result.stderr.trim()])).toEqual([
      [1, 'error: /nonexistent/identity.dump: the backup is encrypted, so its name ends in .age'],
      [1, expect.stringContaining('BACKUP_AGE_RECIPIENTS must name at least one age public key')],
      [1, expect.stringContaining(`"${placeholder}" is not an age public key (age1…): set the business's recipient`)],
    ]);
    const dockerfile = read('infra/docker/backup.Dockerfile');
    expect(dockerfile).toMatch(/apk add --no-cache age /);
    expect(dockerfile).toContain('COPY scripts/ops/backup-database.sh');
    // pg_dump at least the servers' major version: the same client as before the image existed.
    expect(dockerfile).toMatch(/^FROM postgres:18\.\d+-alpine$/m);
  });

  it('keeps the recipient in config and no secret key in any manifest', () => {
    const recipients = find('ConfigMap', 'backup-storage')?.data?.BACKUP_AGE_RECIPIENTS as string | undefined;
    expect(recipients).toBeDefined();
    expect(JSON.stringify(objects)).not.toMatch(/AGE-SECRET-KEY-/);
  });

  it('provisions the read key from the secret store, readable by the restore Role and mounted by no workload', () => {
    const externalSecret = find('ExternalSecret', READ_KEY)!;
    expect(externalSecret.spec.target.name).toBe(READ_KEY);
    expect(externalSecret.spec.data.map((entry: { secretKey: string }) => entry.secretKey)).toEqual([
      'BACKUP_AGE_IDENTITY',
    ]);
    const workloads = objects.filter((object) => podSpecOf(object)?.containers);
    expect(workloads.length).toBeGreaterThan(10);
    for (const workload of workloads) {
      const pod = podSpecOf(workload)!;
      const references = [
        ...containersOf(pod).flatMap((container) => [
          ...(container.env ?? []).map((variable) => variable.valueFrom?.secretKeyRef?.name),
          ...(container.envFrom ?? []).map((source) => source.secretRef?.name),
        ]),
        ...(pod.volumes ?? []).map((volume) => volume.secret?.secretName),
        ...(pod.volumes ?? []).map((volume) => JSON.stringify(volume.projected ?? {})),
      ];
      expect({ workload: workload.metadata.name, reads: references.some((name) => name?.includes(READ_KEY)) }).toEqual({
        workload: workload.metadata.name,
        reads: false,
      });
    }
    expect((find('Role', 'backup-restore') as Rbac | undefined)?.rules).toEqual([
      { apiGroups: [''], resources: ['secrets'], resourceNames: [READ_KEY], verbs: ['get'] },
    ]);
    expect((find('RoleBinding', 'backup-restore') as Rbac | undefined)?.roleRef).toMatchObject({
      kind: 'Role',
      name: 'backup-restore',
    });
    // No other Role in the overlay reaches Secrets.
    const secretReaders = ([...of('Role'), ...of('ClusterRole')] as Rbac[]).filter((role) =>
      (role.rules ?? []).some((rule) => rule.resources?.includes('secrets')),
    );
    expect(secretReaders.map((role) => role.metadata.name)).toEqual(['backup-restore']);
  });
});

describe('prod releases: a Job name per release, and hooks for GitOps', () => {
  const release = find('ConfigMap', 'medtutor-release')?.data?.RELEASE as string;

  it('names the release once, as a DNS label short enough for every Job name', () => {
    expect(release).toMatch(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/);
    expect(releaseJobs.map((job) => job.metadata.labels?.['app.kubernetes.io/name']).sort()).toEqual(
      [...SERVICES.map((service) => `${service.name}-migrate`), 'events-provision'].sort(),
    );
  });

  it.each(releaseJobs.map((job) => [job.metadata.labels?.['app.kubernetes.io/name'], job] as const))(
    '%s: named after the release, an Argo CD Sync hook replaced before creation, removed after it finishes',
    (name, job) => {
      expect(job.metadata.name).toBe(`${name}-${release}`);
      // The Job controller labels its pods with the Job's name: a label value holds 63 characters.
      expect(job.metadata.name.length).toBeLessThanOrEqual(63);
      expect(job.metadata.annotations).toMatchObject({
        'argocd.argoproj.io/hook': 'Sync',
        'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation',
      });
      expect(job.spec.ttlSecondsAfterFinished).toBeGreaterThan(0);
      // Policies select its pods by the label, which keeps the unsuffixed name.
      expect(job.spec.template.metadata.labels['app.kubernetes.io/name']).toBe(name);
    },
  );

  it('starts the services waiting for their migrations in the database, never for a Job by name', () => {
    expect(find('ConfigMap', 'platform-config')?.data?.MIGRATE_ON_START).toBe('false');
    const rendered = JSON.stringify(objects.filter((object) => object.kind !== 'Job'));
    for (const job of releaseJobs)
      expect(rendered).not.toContain(`job/${job.metadata.labels?.['app.kubernetes.io/name']}`);
  });
});
