import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { splitDatabaseUrl } from './database-url.js';
import { explainDatabaseError } from './database-tls.js';

/** The key `prisma migrate` itself locks on, so this runner and Prisma's never interleave. */
const PRISMA_MIGRATE_LOCK_KEY = 72707369;

/** Prisma's own bookkeeping table, so `prisma migrate deploy` elsewhere sees a clean history. */
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/**
 * The first connection of a start or a migration Job: a TLS failure says how to fix it, so the
 * process exits with that rather than a bare "self-signed certificate in certificate chain".
 */
async function connect(client: pg.Client): Promise<void> {
  await client.connect().catch((error: unknown) => {
    throw explainDatabaseError(error);
  });
}

/** Creates the database when it does not exist yet (a concurrent creator is fine). */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const { adminUrl, database } = splitDatabaseUrl(databaseUrl);
  const client = new pg.Client({ connectionString: adminUrl });
  await connect(client);
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (existing.rowCount) return false;
    await client.query(`CREATE DATABASE "${database}"`);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '42P04') return false; // created meanwhile by a replica
    throw error;
  } finally {
    await client.end();
  }
}

export interface MigrationResult {
  applied: string[];
  alreadyApplied: string[];
}

/**
 * Applies `prisma/migrations/<name>/migration.sql` in name order without Prisma's native engine.
 * Each migration and its `_prisma_migrations` row commit in one transaction, so a failed migration
 * leaves nothing behind and is retried on the next start.
 */
export async function applyMigrations(options: {
  databaseUrl: string;
  migrationsDir: string;
  logger?: Logger;
}): Promise<MigrationResult> {
  const migrations = await readMigrations(options.migrationsDir);
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await connect(client);
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK_KEY]);
    await client.query(CREATE_MIGRATIONS_TABLE);
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
    );
    const recorded = new Map(rows.map((row) => [row.migration_name, row]));
    const result: MigrationResult = { applied: [], alreadyApplied: [] };
    for (const migration of migrations) {
      const row = recorded.get(migration.name);
      if (row?.finished_at) {
        if (row.checksum !== migration.checksum) {
          options.logger?.warn({ migration: migration.name }, 'applied migration was edited afterwards');
        }
        result.alreadyApplied.push(migration.name);
        continue;
      }
      if (row)
        throw new Error(`Migration ${migration.name} is recorded as started but not finished; resolve it by hand`);
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), now(), 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      options.logger?.info({ migration: migration.name }, 'migration applied');
      result.applied.push(migration.name);
    }
    return result;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

/**
 * The migrations in `migrationsDir` that the database has not finished applying, in name order
 * (all of them when it has no history yet).
 */
export async function pendingMigrations(options: { databaseUrl: string; migrationsDir: string }): Promise<string[]> {
  const migrations = await readMigrations(options.migrationsDir);
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await connect(client);
  try {
    const { rows } = await client.query<{ exists: boolean }>(
      `SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS exists`,
    );
    const finished = rows[0]?.exists
      ? await client.query<{ migration_name: string }>(
          'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
        )
      : { rows: [] };
    const applied = new Set(finished.rows.map((row) => row.migration_name));
    return migrations.map((migration) => migration.name).filter((name) => !applied.has(name));
  } finally {
    await client.end();
  }
}

/**
 * Waits until another process (the migration Job of a release) has applied every migration in
 * `migrationsDir`, so a new version never runs on the schema of the one before. Throws after
 * `timeoutMs`: the process then exits and its supervisor restarts it.
 */
export async function awaitMigrations(options: {
  databaseUrl: string;
  migrationsDir: string;
  logger?: Logger;
  pollMs?: number;
  timeoutMs?: number;
}): Promise<void> {
  const { pollMs = 2_000, timeoutMs = 10 * 60_000 } = options;
  const deadline = Date.now() + timeoutMs;
  let pending = await pendingMigrations(options);
  if (pending.length > 0) options.logger?.info({ pending }, 'waiting for the migration job to apply migrations');
  while (pending.length > 0) {
    if (Date.now() >= deadline) {
      throw new Error(
        `Migrations not applied after ${Math.round(timeoutMs / 1000)} s: ${pending.join(', ')} (MIGRATE_ON_START=false: run the migration job)`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    pending = await pendingMigrations(options);
  }
}

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export async function readMigrations(migrationsDir: string): Promise<MigrationFile[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(join(migrationsDir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}
