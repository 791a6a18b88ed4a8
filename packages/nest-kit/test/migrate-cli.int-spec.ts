import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { awaitMigrations, pendingMigrations, splitDatabaseUrl, withDatabase } from '@medtutor/nest-kit';
import { testPostgresAdminUrl } from '@medtutor/nest-kit/testing';
import { pino } from 'pino';

/**
 * The command each service's migration Job runs from its image (infra/k8s/base/migrations.yaml),
 * as the Job runs it: the built CLI (`npm run build -w packages/nest-kit`) with a service's real
 * migrations, against a database that does not exist yet; then what the service does with
 * MIGRATE_ON_START=false, waiting for that Job.
 */
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const ENTRY = join(REPO, 'packages/nest-kit/dist/cli/migrate.js');
const MIGRATIONS = 'services/reviews/prisma/migrations';

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The CLI from the repository root (the image's WORKDIR), with only `env` (and PATH). */
function migrate(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [ENTRY, ...args],
      { cwd: REPO, env: { PATH: process.env.PATH ?? '', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('the migrate command of the migration Jobs', () => {
  let admin: pg.Client;
  const created: string[] = [];
  const freshDatabaseUrl = async () => {
    const name = `t_migrate_cli_${Math.random().toString(16).slice(2, 10)}`;
    created.push(name);
    return withDatabase(await testPostgresAdminUrl(), name);
  };
  const migrationNames = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ migration_name: string }>(
        'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL ORDER BY migration_name',
      );
      return rows.map((row) => row.migration_name);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: npm run build -w packages/nest-kit first`);
    admin = new pg.Client({ connectionString: await testPostgresAdminUrl() });
    await admin.connect();
  });

  afterEach(async () => {
    for (const name of created.splice(0)) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  afterAll(async () => {
    await admin?.end();
  });

  it("creates and migrates a fresh database with a service's migrations, exits 0, and applies nothing twice", async () => {
    const url = await freshDatabaseUrl();
    const env = { DATABASE_URL: url, DB_AUTO_CREATE: 'true', LOG_LEVEL: 'info' };

    const first = await migrate([MIGRATIONS], env);

    expect(first).toMatchObject({ code: 0, stderr: '' });
    const shipped = (await pendingMigrations({ databaseUrl: url, migrationsDir: join(REPO, MIGRATIONS) })).length;
    expect(shipped).toBe(0);
    const applied = await migrationNames(url);
    expect(applied.length).toBeGreaterThan(0);
    expect(first.stdout).toContain('"msg":"migrations up to date"');
    expect(first.stdout).toContain(`"applied":${applied.length}`);

    const again = await migrate([MIGRATIONS], env);
    expect(again).toMatchObject({ code: 0, stderr: '' });
    expect(again.stdout).toContain('"applied":0');
    expect(await migrationNames(url)).toEqual(applied);
  });

  it('exits 1 with the reason for a missing database, a bad URL, a wrong folder or no argument', async () => {
    const url = await freshDatabaseUrl();

    const missing = await migrate([MIGRATIONS], { DATABASE_URL: url });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`database "${splitDatabaseUrl(url).database}" does not exist`);

    const badUrl = await migrate([MIGRATIONS], { DATABASE_URL: 'mysql://db/app' });
    expect(badUrl).toMatchObject({ code: 1 });
    expect(badUrl.stderr).toContain('DATABASE_URL: must be a postgresql:// URL');

    const empty = await mkdtemp(join(tmpdir(), 'no-migrations-'));
    const wrongFolder = await migrate([empty], { DATABASE_URL: url });
    await rm(empty, { recursive: true });
    expect(wrongFolder).toMatchObject({ code: 1 });
    expect(wrongFolder.stderr).toContain('holds no migrations');
    expect((await migrate(['services/reviews/no-such-folder'], { DATABASE_URL: url })).stderr).toContain(
      'No migrations folder at',
    );

    expect((await migrate([], { DATABASE_URL: url })).stderr).toContain('Usage:');
  });

  it('lets a service with MIGRATE_ON_START=false wait for the Job, and give up when it never comes', async () => {
    const url = await freshDatabaseUrl();
    const migrationsDir = join(REPO, MIGRATIONS);
    await admin.query(`CREATE DATABASE "${splitDatabaseUrl(url).database}"`);
    const logger = pino({ level: 'silent' });

    await expect(
      awaitMigrations({ databaseUrl: url, migrationsDir, logger, pollMs: 50, timeoutMs: 300 }),
    ).rejects.toThrow(/Migrations not applied after 0 s: \d{14}_\w+/);

    const waiting = awaitMigrations({ databaseUrl: url, migrationsDir, logger, pollMs: 50, timeoutMs: 60_000 });
    const job = await migrate([MIGRATIONS], { DATABASE_URL: url });
    expect(job.code).toBe(0);
    await expect(waiting).resolves.toBeUndefined();
  });
});
