import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { applyMigrations } from '@medtutor/nest-kit';
import { createTestDatabase, type TestDatabase } from '@medtutor/nest-kit/testing';

const CREATE_NOTES = 'CREATE TABLE "notes" ("id" SERIAL PRIMARY KEY, "body" TEXT NOT NULL);\n';
const ADD_PINNED = 'ALTER TABLE "notes" ADD COLUMN "pinned" BOOLEAN NOT NULL DEFAULT false;\n';

describe('applyMigrations', () => {
  let dir: string;
  let db: TestDatabase;
  let client: pg.Client;

  const addMigration = async (name: string, sql: string) => {
    await mkdir(join(dir, name));
    await writeFile(join(dir, name, 'migration.sql'), sql);
  };
  const query = async <R extends pg.QueryResultRow>(sql: string) => (await client.query<R>(sql)).rows;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'migrations-'));
    db = await createTestDatabase('migrations', dir);
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  });

  afterEach(async () => {
    await client.end();
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('records each migration the way prisma migrate deploy does', async () => {
    await addMigration('20260101000000_init', CREATE_NOTES);
    await addMigration('20260102000000_pin', ADD_PINNED);

    const result = await applyMigrations({ databaseUrl: db.url, migrationsDir: dir });

    expect(result).toEqual({ applied: ['20260101000000_init', '20260102000000_pin'], alreadyApplied: [] });
    const rows = await query<Record<string, unknown>>('SELECT * FROM "_prisma_migrations" ORDER BY migration_name');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      checksum: createHash('sha256').update(CREATE_NOTES).digest('hex'),
      finished_at: expect.any(Date),
      migration_name: '20260101000000_init',
      logs: null,
      rolled_back_at: null,
      started_at: expect.any(Date),
      applied_steps_count: 1,
    });
    expect(rows[1]?.checksum).toBe(createHash('sha256').update(ADD_PINNED).digest('hex'));
    const columns = await query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'notes' ORDER BY column_name`,
    );
    expect(columns.map((column) => column.column_name)).toEqual(['body', 'id', 'pinned']);
  });

  it('applies nothing the second time', async () => {
    await addMigration('20260101000000_init', CREATE_NOTES);
    await applyMigrations({ databaseUrl: db.url, migrationsDir: dir });

    const again = await applyMigrations({ databaseUrl: db.url, migrationsDir: dir });

    expect(again).toEqual({ applied: [], alreadyApplied: ['20260101000000_init'] });
    expect(await query('SELECT 1 FROM "_prisma_migrations"')).toHaveLength(1);
  });

  it('leaves nothing of a failing migration behind and keeps the ones before it', async () => {
    await addMigration('20260101000000_init', CREATE_NOTES);
    await addMigration('20260102000000_broken', 'CREATE TABLE "tags" ("id" INT);\nSELECT 1 / 0;\n');

    await expect(applyMigrations({ databaseUrl: db.url, migrationsDir: dir })).rejects.toThrow(
      /Migration 20260102000000_broken failed: division by zero/,
    );

    const names = await query<{ migration_name: string }>('SELECT migration_name FROM "_prisma_migrations"');
    expect(names).toEqual([{ migration_name: '20260101000000_init' }]);
    expect(await query(`SELECT 1 FROM pg_tables WHERE tablename = 'tags'`)).toHaveLength(0);
    expect(await query(`SELECT 1 FROM pg_tables WHERE tablename = 'notes'`)).toHaveLength(1);
  });
});
