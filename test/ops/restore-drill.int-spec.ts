import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type Actor,
  EventStreams,
  EventTypes,
  eventSubject,
  type HoursUsedV1,
  PayslipDtoSchema,
  Subjects,
  type TutorInvitedV1,
} from '@medtutor/contracts';
import { startService, newEvent } from '@medtutor/nest-kit';
import {
  createTestDatabase,
  eventually,
  freePort,
  signedRequest,
  startRestartableNats,
  type TestDatabase,
  type TestNats,
  testActorKeys,
} from '@medtutor/nest-kit/testing';
import type { INestMicroservice } from '@nestjs/common';
import { type ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import { pino } from 'pino';
import { firstValueFrom, timeout } from 'rxjs';
import { K8S_OVERLAYS, type K8sObject, renderKustomize } from '../infra/infra-helpers.js';
import { payroll } from '../../services/payroll/src/service.js';
import { loadPayrollConfig } from '../../services/payroll/src/config/payroll.config.js';
import { PAYROLL_HOURS_USED_CONSUMER } from '../../services/payroll/src/modules/logged-hours/hours-used.consumer.js';
import { PAYROLL_TUTOR_INVITED_CONSUMER } from '../../services/payroll/src/modules/tutor-accounts/tutor-invited.consumer.js';

/**
 * The restore drill of docs/operations.md, "Restore one service's database", step by step as
 * written: payroll's database is backed up by the commands of the prod overlay's `payroll-backup`
 * CronJob (scripts/ops/backup-database.sh, which encrypts with age, then rclone to the bucket, here an
 * S3-compatible s3rver process), payroll consumes more events, the database is lost; the operator
 * fetches the dump from the bucket, scripts/ops/restore-database.sh decrypts it with the read key,
 * restores it and resets payroll's durable consumers, the migration Job's command runs as the Job
 * runs it, and payroll restarted (waiting for its migrations, as in production) catches up from the
 * streams until its state is what it was before the loss, each event applied once (the logged hours
 * are sums: an event applied twice would show).
 */
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const MIGRATIONS = join(REPO, 'services/payroll/prisma/migrations');
const run = promisify(execFile);

const prod = renderKustomize(K8S_OVERLAYS.prod);
const rendered = (kind: string, label: string) =>
  prod.find((object) => object.kind === kind && object.metadata.labels?.['app.kubernetes.io/name'] === label)!;
interface Container {
  name: string;
  command?: string[];
  args?: string[];
  env?: Array<{ name: string; value?: string }>;
}
const cronJobContainers = (cronJob: K8sObject): Container[] => [
  ...cronJob.spec.jobTemplate.spec.template.spec.initContainers,
  ...cronJob.spec.jobTemplate.spec.template.spec.containers,
];
/** Kubernetes' `$(VAR)` expansion of a container's command and args. */
const expand = (value: string, env: Record<string, string>) =>
  value.replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (whole, name: string) => env[name] ?? whole);

const TUTORS = [
  { actor: { userId: 20, role: 'tutor' } as Actor, tutorId: 3, firstName: 'Ada' },
  { actor: { userId: 21, role: 'tutor' } as Actor, tutorId: 4, firstName: 'Ben' },
];
const EVENTS_BEFORE_DUMP = 30;
const EVENTS_AFTER_DUMP = 30;
/** Columns that record when a row was handled or published, not what it holds. */
const VOLATILE = ['processed_at', 'published_at', 'attempts', 'last_error'];

describe('restore drill: payroll from a dump, caught up from JetStream', () => {
  let db: TestDatabase;
  let nats: TestNats;
  let nc: NatsConnection;
  let client: ClientProxy;
  let app: INestMicroservice | undefined;
  let workDir: string;
  let bucketServer: ChildProcess | undefined;
  /** The bucket's settings as the prod overlay's backup-storage ConfigMap has them, its patch points set to the local store. */
  let storageEnv: Record<string, string>;
  let identityFile: string;
  let recipient: string;
  let sequence = 0;

  const startPayroll = async () => {
    app = await startService(
      payroll,
      loadPayrollConfig({
        ACTOR_VERIFY_KEYS: testActorKeys.env.ACTOR_VERIFY_KEYS,
        NODE_ENV: 'test',
        PAYROLL_DATABASE_URL: db.url,
        NATS_URL: nats.url,
      }),
      pino({ level: 'silent' }),
    );
  };
  const stopPayroll = async () => {
    await app?.close();
    app = undefined;
  };

  const query = async <R extends pg.QueryResultRow>(text: string): Promise<R[]> => {
    const connection = new pg.Client({ connectionString: db.url });
    await connection.connect();
    try {
      return (await connection.query<R>(text)).rows;
    } finally {
      await connection.end();
    }
  };
  /** Every table's rows but the migration history, without the columns that say when, in a stable order. */
  const state = async (): Promise<Record<string, string[]>> => {
    const tables = await query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY 1`,
    );
    const result: Record<string, string[]> = {};
    for (const { tablename } of tables) {
      const rows = await query<{ row: unknown }>(
        `SELECT to_jsonb(t) - '{${VOLATILE.join(',')}}'::text[] AS row FROM "${tablename}" t`,
      );
      result[tablename] = rows.map(({ row }) => JSON.stringify(row)).sort();
    }
    return result;
  };
  const inboxRows = async () => Number((await query<{ n: string }>('SELECT count(*) AS n FROM inbox_events'))[0]!.n);
  const rowCounts = (snapshot: Record<string, string[]>) =>
    Object.entries(snapshot)
      .map(([table, rows]) => `${table} ${rows.length}`)
      .join(', ');

  const publish = async (type: string, data: unknown, id: string = randomUUID()) => {
    await jetstream(nc).publish(
      eventSubject(type),
      JSON.stringify({ ...newEvent(type, 1, data, 'restore-drill'), id }),
    );
    return id;
  };
  /** A tutor's delivered session: each one a different amount, in one of three weeks. */
  const hoursUsed = (): HoursUsedV1 => {
    sequence += 1;
    const tutor = TUTORS[sequence % TUTORS.length]!;
    return {
      sessionId: 100 + (sequence % 7),
      ledgerEntryId: sequence,
      userId: 10 + (sequence % 5),
      subject: 'Medical School Interviews',
      packageName: '10 Sessions Package',
      hours: 0.5 * (1 + (sequence % 4)),
      usedHoursAfter: 1,
      totalHours: 10,
      date: ['2026-11-23', '2026-11-30', '2026-12-07'][sequence % 3]!,
      tutorId: tutor.tutorId,
      tutorName: `${tutor.firstName} Tutor`,
      tutorUserId: tutor.actor.userId,
      actorRole: 'tutor',
      reason: 'Session delivered',
    };
  };
  const consumerInfo = async (durable: string, stream: string) =>
    (await jetstreamManager(nc)).consumers.info(stream, durable);
  /** Both of payroll's consumers have every stored event delivered and acknowledged. */
  const drained = async () => {
    for (const [durable, stream] of [
      [PAYROLL_HOURS_USED_CONSUMER, EventStreams.tutoring.name],
      [PAYROLL_TUTOR_INVITED_CONSUMER, EventStreams.identity.name],
    ] as const) {
      const info = await consumerInfo(durable, stream).catch(() => undefined);
      if (!info || info.num_pending > 0 || info.num_ack_pending > 0) return false;
    }
    return true;
  };
  const script = (name: string, args: string[], env: Record<string, string>) =>
    run('bash', [join(REPO, 'scripts/ops', name), ...args], {
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env },
      timeout: 30_000,
    });
  const rclone = (args: string[]) =>
    run('rclone', args, { env: { PATH: process.env.PATH ?? '', HOME: workDir, ...storageEnv }, timeout: 30_000 });
  /**
   * The `payroll-backup` CronJob of the prod overlay, run here: its dump container's command (the
   * backup image puts scripts/ops on PATH) writing to `backupDir` for its emptyDir, then its upload
   * container's rclone command against the bucket.
   */
  const nightlyBackup = async () => {
    const [dump, upload] = cronJobContainers(rendered('CronJob', 'payroll-backup'));
    const backupDir = join(workDir, 'backup-emptydir');
    await mkdir(backupDir);
    const inEmptyDir = (value: string) =>
      value.replace(/^\/backup\b/, backupDir).replace(/"\/backup\//, `"${backupDir}/`);
    const [shell, ...shellArgs] = [...dump!.command!, ...dump!.args!].map(inEmptyDir);
    const dumped = await run(shell!, shellArgs, {
      env: {
        PATH: `${join(REPO, 'scripts/ops')}:${process.env.PATH ?? ''}`,
        NO_COLOR: '1',
        DATABASE_URL: db.url,
        BACKUP_AGE_RECIPIENTS: recipient,
      },
      timeout: 30_000,
    });
    // Only the encrypted archive is left for the upload.
    expect(await readdir(backupDir)).toEqual([expect.stringMatching(/^payroll-\d{8}T\d{6}Z\.dump\.age$/)]);
    await rclone([...(upload!.command ?? []), ...upload!.args!].map((arg) => inEmptyDir(expand(arg, storageEnv))));
    return dumped;
  };

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'restore-drill-'));
    // The business's key pair: the backups are encrypted to its public half, read with the other.
    identityFile = join(workDir, 'backup-age-identity.txt');
    await run('age-keygen', ['-o', identityFile]);
    recipient = (await run('age-keygen', ['-y', identityFile])).stdout.trim();
    // The bucket: an S3-compatible server process over a local directory.
    const config = prod.find((object) => object.kind === 'ConfigMap' && object.metadata.name === 'backup-storage')!;
    const port = await freePort();
    storageEnv = {
      ...(config.data as Record<string, string>),
      RCLONE_CONFIG_BACKUPS_PROVIDER: 'Other',
      RCLONE_CONFIG_BACKUPS_ENDPOINT: `http://127.0.0.1:${port}`,
      // s3rver's fixed credentials, in place of the backup-storage Secret's.
      RCLONE_CONFIG_BACKUPS_ACCESS_KEY_ID: 'S3RVER',
      RCLONE_CONFIG_BACKUPS_SECRET_ACCESS_KEY: 'S3RVER',
    };
    bucketServer = spawn(
      process.execPath,
      [
        join(REPO, 'node_modules/s3rver/bin/s3rver.js'),
        ...['--directory', join(workDir, 'bucket'), '--address', '127.0.0.1', '--port', String(port)],
        ...['--configure-bucket', storageEnv.BACKUP_BUCKET!, '--silent'],
      ],
      { stdio: 'ignore' },
    );
    await mkdir(join(workDir, 'bucket'));
    await eventually(
      async () =>
        (await rclone(['lsd', 'backups:']).then(
          ({ stdout }) => stdout.includes(storageEnv.BACKUP_BUCKET!),
          () => false,
        )) === true,
      10_000,
      'the bucket server',
    );
    db = await createTestDatabase('restore_drill', MIGRATIONS);
    // A private server, never a shared one: the restore deletes payroll's consumers. Provisioned as
    // a deploy provisions it.
    nats = await startRestartableNats();
    nc = await connect({ servers: nats.url });
    await startPayroll();
    client = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [nats.url] } });
    await client.connect();
  });

  afterAll(async () => {
    await client?.close();
    await stopPayroll();
    await nc?.close();
    await db?.drop();
    await nats?.stop();
    bucketServer?.kill();
    await rm(workDir, { recursive: true, force: true });
  });

  it('restores the dump from the bucket, decrypts it, resets the consumers, migrates, and catches up to the state before the loss', async () => {
    // State from events and from an RPC, then the nightly dump.
    for (const tutor of TUTORS) {
      const invited: TutorInvitedV1 = {
        userId: tutor.actor.userId,
        tutorId: tutor.tutorId,
        email: `${tutor.firstName.toLowerCase()}@example.com`,
        firstName: tutor.firstName,
        lastName: 'Tutor',
        invitedBy: 1,
      };
      await publish(EventTypes.tutorInvited, invited);
    }
    for (let i = 0; i < EVENTS_BEFORE_DUMP; i += 1) await publish(EventTypes.hoursUsed, hoursUsed());
    await eventually(
      async () => (await inboxRows()) === TUTORS.length + EVENTS_BEFORE_DUMP,
      15_000,
      'the events before the dump',
    );
    const subject = Subjects.payroll.saveMyPayslip;
    const payslip = { weekStarting: '2026-11-23', hoursWorked: 4.5, studentNotes: 'Alex' };
    PayslipDtoSchema.parse(
      await firstValueFrom(
        client.send(subject, await signedRequest(subject, payslip, TUTORS[0]!.actor, 'drill')).pipe(timeout(10_000)),
      ),
    );
    const backup = await nightlyBackup();
    const atDump = await state();

    // After the dump: more events consumed (one of them delivered twice), all acknowledged.
    let duplicate = '';
    for (let i = 0; i < EVENTS_AFTER_DUMP; i += 1) duplicate = await publish(EventTypes.hoursUsed, hoursUsed());
    await publish(EventTypes.hoursUsed, hoursUsed(), duplicate);
    await eventually(
      async () => (await inboxRows()) === TUTORS.length + EVENTS_BEFORE_DUMP + EVENTS_AFTER_DUMP,
      15_000,
      'the events after the dump',
    );
    await eventually(drained, 10_000, "payroll's consumers to acknowledge everything");
    const beforeLoss = await state();
    // Nothing is left for JetStream to deliver: without a reset, the restored database would never
    // see the events consumed after the dump.
    const hours = await consumerInfo(PAYROLL_HOURS_USED_CONSUMER, EventStreams.tutoring.name);
    expect(hours.ack_floor.stream_seq).toBe(hours.delivered.stream_seq);

    // The loss: payroll stops (runbook step 1), its database is gone.
    await stopPayroll();
    await db.drop();

    // Step 2: the newest dump from the bucket, encrypted there.
    const prefix = `backups:${storageEnv.BACKUP_BUCKET}/postgres/payroll`;
    const [object] = (await rclone(['lsf', prefix])).stdout.trim().split('\n');
    expect(object).toMatch(/^payroll-\d{8}T\d{6}Z\.dump\.age$/);
    await rclone(['copy', `${prefix}/${object}`, workDir]);
    const dump = join(workDir, object!);
    const fetched = await readFile(dump);
    expect(fetched.subarray(0, 22).toString()).toBe('age-encryption.org/v1\n');
    expect(fetched.includes('PGDMP')).toBe(false);

    // Steps 3 and 4: the read key, then the restore, which decrypts.
    const restoreStarted = performance.now();
    const restore = await script('restore-database.sh', ['payroll', dump], {
      DATABASE_URL: db.url,
      NATS_URL: nats.url,
      BACKUP_AGE_IDENTITY_FILE: identityFile,
    });
    expect(restore.stdout).toContain(`decrypted ${dump}`);
    const restoreSeconds = (performance.now() - restoreStarted) / 1000;
    expect(restore.stdout).toContain(`deleted ${EventStreams.tutoring.name} > ${PAYROLL_HOURS_USED_CONSUMER}`);
    expect(restore.stdout).toContain(`deleted ${EventStreams.identity.name} > ${PAYROLL_TUTOR_INVITED_CONSUMER}`);
    // The dump's state exactly, which lacks what came after it.
    const restored = await state();
    expect(restored).toEqual(atDump);
    expect(restored).not.toEqual(beforeLoss);

    // Step 5: the migration Job's command, as the prod overlay's Job runs it from the image's /app.
    const [migrateJob] = rendered('Job', 'payroll-migrate').spec.template.spec.containers as Container[];
    const [node, ...migrateArgs] = migrateJob!.command!;
    expect(node).toBe('node');
    const migrated = await run(process.execPath, migrateArgs, {
      cwd: REPO,
      env: {
        PATH: process.env.PATH ?? '',
        ...Object.fromEntries((migrateJob!.env ?? []).flatMap(({ name, value }) => (value ? [[name, value]] : []))),
        DATABASE_URL: db.url,
      },
      timeout: 30_000,
    });
    expect(migrated.stdout).toContain('migrations up to date');
    // What a production pod (MIGRATE_ON_START=false) waits for before it serves: every migration its image ships.
    const migrationsShipped = (await readdir(MIGRATIONS, { withFileTypes: true })).filter((entry) =>
      entry.isDirectory(),
    );
    const history = await query<{ migration_name: string }>(
      'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    expect(history.map((row) => row.migration_name).sort()).toEqual(
      migrationsShipped.map((entry) => entry.name).sort(),
    );

    // Step 6: start it.
    const catchUpStarted = performance.now();
    await startPayroll();
    await eventually(
      async () => JSON.stringify(await state()) === JSON.stringify(beforeLoss) && (await drained()),
      20_000,
      'payroll to catch up with the state before the loss',
    );
    const catchUpSeconds = (performance.now() - catchUpStarted) / 1000;
    expect(await state()).toEqual(beforeLoss);

    const replayed = await consumerInfo(PAYROLL_HOURS_USED_CONSUMER, EventStreams.tutoring.name);
    console.log(
      [
        'restore drill (payroll):',
        `  ${backup.stdout.trim()}`,
        `  before the loss: ${rowCounts(beforeLoss)}`,
        `  through the bucket: ${object} (${fetched.length} bytes, age-encrypted)`,
        `  restored from the dump: ${rowCounts(restored)} in ${restoreSeconds.toFixed(2)} s (script: decrypted, restored, consumers reset)`,
        `  migration Job's command: ${migrationsShipped.length} migrations up to date`,
        `  caught up in ${catchUpSeconds.toFixed(2)} s: ${replayed.delivered.consumer_seq} hours_used events delivered ` +
          `again from the stream's start, ${EVENTS_AFTER_DUMP} applied, the rest already in the restored inbox`,
      ].join('\n'),
    );
  });
});
