import { describe, expect, it, beforeEach, afterEach } from '@jest/globals';
import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { testPostgresAdminUrl } from '@medtutor/nest-kit/testing';
import { checkDrift, createMigration, MIGRATION_LOCK_CONTENT } from '@medtutor/db-tools';

const schemaWith = (fields: string) => `datasource db {
  provider = "postgresql"
}

model Note {
  id   Int    @id @default(autoincrement())
${fields}
}
`;

async function shadowDatabases(adminUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'prisma_shadow_%'`,
    );
    return rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
}

describe('db-tools against the real schema engine', () => {
  let dir: string;
  let schemaPath: string;
  let migrationsDir: string;
  let shadowAdminUrl: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'db-tools-'));
    schemaPath = join(dir, 'schema.prisma');
    migrationsDir = join(dir, 'migrations');
    shadowAdminUrl = await testPostgresAdminUrl();
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the first migration and the lockfile, then reports no drift', async () => {
    await writeFile(schemaPath, schemaWith('  body String'));
    const created = await createMigration({
      schemaPath,
      migrationsDir,
      shadowAdminUrl,
      name: 'Init',
      now: new Date('2026-01-02T03:04:05Z'),
    });

    expect(created?.directory).toBe(join(migrationsDir, '20260102030405_init'));
    const sql = await readFile(join(migrationsDir, '20260102030405_init', 'migration.sql'), 'utf8');
    expect(sql).toContain('CREATE TABLE "Note"');
    expect(sql).toContain('"id" SERIAL NOT NULL');
    expect(await readFile(join(migrationsDir, 'migration_lock.toml'), 'utf8')).toBe(MIGRATION_LOCK_CONTENT);
    expect(await checkDrift({ schemaPath, migrationsDir, shadowAdminUrl })).toBe('');
    expect(await createMigration({ schemaPath, migrationsDir, shadowAdminUrl, name: 'again' })).toBeNull();
  });

  it('reports a schema change as drift and writes only the difference', async () => {
    await writeFile(schemaPath, schemaWith('  body String'));
    await createMigration({
      schemaPath,
      migrationsDir,
      shadowAdminUrl,
      name: 'init',
      now: new Date('2026-01-01T00:00:00Z'),
    });
    await writeFile(schemaPath, schemaWith('  body String\n  pinned Boolean @default(false)'));

    const drift = await checkDrift({ schemaPath, migrationsDir, shadowAdminUrl });
    expect(drift).toContain('ALTER TABLE "Note" ADD COLUMN     "pinned" BOOLEAN NOT NULL DEFAULT false');

    const created = await createMigration({
      schemaPath,
      migrationsDir,
      shadowAdminUrl,
      name: 'pin notes',
      now: new Date('2026-01-02T00:00:00Z'),
    });
    expect(created?.sql).toBe(drift);
    expect(created?.sql).not.toContain('CREATE TABLE');
    expect((await readdir(migrationsDir)).sort()).toEqual([
      '20260101000000_init',
      '20260102000000_pin_notes',
      'migration_lock.toml',
    ]);
    expect(await checkDrift({ schemaPath, migrationsDir, shadowAdminUrl })).toBe('');
  });

  it('replays hand-written SQL whose function bodies contain semicolons', async () => {
    await writeFile(schemaPath, schemaWith('  body String'));
    await createMigration({
      schemaPath,
      migrationsDir,
      shadowAdminUrl,
      name: 'init',
      now: new Date('2026-01-01T00:00:00Z'),
    });
    await mkdir(join(migrationsDir, '20260103000000_trim_notes'));
    await writeFile(
      join(migrationsDir, '20260103000000_trim_notes', 'migration.sql'),
      `CREATE FUNCTION trim_note() RETURNS trigger AS $$
BEGIN
  NEW.body := btrim(NEW.body);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER note_trim BEFORE INSERT ON "Note" FOR EACH ROW EXECUTE FUNCTION trim_note();
`,
    );

    expect(await checkDrift({ schemaPath, migrationsDir, shadowAdminUrl })).toBe('');
  });

  it('leaves no shadow database behind', async () => {
    await writeFile(schemaPath, schemaWith('  body String'));
    const before = await shadowDatabases(shadowAdminUrl);
    await checkDrift({ schemaPath, migrationsDir, shadowAdminUrl });
    expect(await shadowDatabases(shadowAdminUrl)).toEqual(before);
  });
});
