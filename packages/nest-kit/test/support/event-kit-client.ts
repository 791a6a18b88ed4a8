import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PrismaPg } from '@prisma/adapter-pg';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
// Under .var, which git, ESLint and Prettier all ignore; the client is regenerated on every run.
const workDir = join(repoRoot, '.var', 'generated', 'nest-kit-test');
const outputDir = join(workDir, 'client');

// The kit's file holds models only; a service's schema.prisma brings these blocks.
const generator = `generator client {
  provider            = "prisma-client"
  output              = "${outputDir}"
  moduleFormat        = "esm"
  importFileExtension = "js"
}

datasource db {
  provider = "postgresql"
}
`;

/**
 * A real Prisma client over the event-kit tables of prisma/event-kit.prisma, so the kit is tested
 * the way services call it.
 */
export async function createEventKitClient(databaseUrl: string) {
  const models = readFileSync(join(repoRoot, 'packages/nest-kit/prisma/event-kit.prisma'), 'utf8');
  mkdirSync(workDir, { recursive: true });
  const schemaPath = join(workDir, 'schema.prisma');
  writeFileSync(schemaPath, `${generator}\n${models}`);
  execFileSync(
    process.execPath,
    [join(repoRoot, 'node_modules/prisma/build/index.js'), 'generate', '--schema', schemaPath],
    {
      cwd: workDir,
      // Generation needs no schema engine; Prisma would try to download one otherwise.
      env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: '/bin/false', PRISMA_HIDE_UPDATE_MESSAGE: '1' },
      stdio: 'pipe',
    },
  );
  const client: typeof import('../../../../.var/generated/nest-kit-test/client/client.js') = await import(
    join(outputDir, 'client.ts')
  );
  return new client.PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl }) });
}

export type EventKitClient = Awaited<ReturnType<typeof createEventKitClient>>;
