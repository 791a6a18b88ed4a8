import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testPostgresAdminUrl } from '@medtutor/nest-kit/testing';
import { checkDrift, findServiceSchemas, readSchemaFiles, type SchemaFile } from '@medtutor/db-tools';
import { schemaWithKits } from '@medtutor/nest-kit/prisma';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
// The test names need the services when the file is collected, which is synchronous (CommonJS has
// no top-level await): their folders here, their schemas and migrations, read by Prisma, before all.
const serviceNames = readdirSync(join(repoRoot, 'services'))
  .filter((name) => existsSync(join(repoRoot, 'services', name, 'prisma.config.ts')))
  .sort((a, b) => a.localeCompare(b));
const KIT_MODELS = { 'event-kit': ['OutboxEvent', 'InboxEvent'], 'mail-kit': ['OutboundEmail'] } as const;

describe('schemas and migrations agree', () => {
  let shadowAdminUrl: string;
  let dir: string;
  let services: Awaited<ReturnType<typeof findServiceSchemas>>;
  let schemaFilesOf: Record<string, SchemaFile[]>;
  const serviceNamed = (name: string) => services.find((service) => service.service === name)!;

  beforeAll(async () => {
    services = await findServiceSchemas(repoRoot);
    schemaFilesOf = Object.fromEntries(
      await Promise.all(services.map(async (service) => [service.service, await readSchemaFiles(service.schemaPath)])),
    );
    shadowAdminUrl = await testPostgresAdminUrl();
    dir = await mkdtemp(join(tmpdir(), 'db-tools-kits-'));
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('finds every service that has a schema', () => {
    expect(services.map((service) => service.service)).toEqual(
      expect.arrayContaining(['catalog-payments', 'identity', 'payroll', 'reviews', 'tutoring']),
    );
  });

  it.each(serviceNames)('%s: its schema matches its migrations', async (name) => {
    expect(await checkDrift({ ...serviceNamed(name), shadowAdminUrl })).toBe('');
  });

  it.each(serviceNames)(
    '%s: takes the kits’ models from nest-kit, each declared once, none copied into its own files',
    (name) => {
      const files = schemaFilesOf[name]!;
      const paths = files.map((file) => file.path);
      expect(paths).toContain('schema.prisma');
      expect(paths).toContain(join('shared', 'event-kit.prisma'));
      for (const [kit, models] of Object.entries(KIT_MODELS)) {
        for (const model of models) {
          const declaring = files.filter((file) => new RegExp(`^model ${model} \\{$`, 'm').test(file.content));
          // The mail kit only where the service sends email; then only from the kit's file.
          if (paths.includes(join('shared', `${kit}.prisma`))) {
            expect(declaring.map((file) => file.path)).toEqual([join('shared', `${kit}.prisma`)]);
          } else {
            expect(declaring).toEqual([]);
          }
        }
      }
    },
  );

  it('gives the mail kit to the services that send email', () => {
    const senders = services.filter((service) =>
      schemaFilesOf[service.service]!.some((file) => file.path === join('shared', 'mail-kit.prisma')),
    );
    expect(senders.map((service) => service.service)).toEqual(['catalog-payments', 'identity', 'tutoring']);
  });

  it.each([
    ['event-kit', 'migrations'],
    ['mail-kit', 'mail-migrations'],
  ] as const)('nest-kit: the %s models match the kit tests’ migrations (test/fixtures/%s)', async (kit, fixtures) => {
    const folder = join(dir, kit);
    await rm(folder, { recursive: true, force: true });
    schemaWithKits(folder, [kit]);
    await writeFile(join(folder, 'schema.prisma'), 'datasource db {\n  provider = "postgresql"\n}\n');
    const migrationsDir = join(repoRoot, 'packages/nest-kit/test/fixtures', fixtures);
    expect(await checkDrift({ schemaPath: folder, migrationsDir, shadowAdminUrl })).toBe('');
  });
});
