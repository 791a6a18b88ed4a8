import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PrismaPg } from '@prisma/adapter-pg';

const nestKitDir = fileURLToPath(new URL('../../', import.meta.url));
const prismaCli = fileURLToPath(new URL('../../../../node_modules/prisma/build/index.js', import.meta.url));

/**
 * A real Prisma client over the event-kit tables, generated from prisma/event-kit.prisma (into the
 * git-ignored test/generated), so the kit is tested the way services call it.
 */
export async function createEventKitClient(databaseUrl: string) {
  execFileSync(process.execPath, [prismaCli, 'generate', '--schema', 'prisma/event-kit.prisma'], {
    cwd: nestKitDir,
    // Generation needs no schema engine; Prisma would try to download one otherwise.
    env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: '/bin/false', PRISMA_HIDE_UPDATE_MESSAGE: '1' },
    stdio: 'pipe',
  });
  const { PrismaClient } = await import('../generated/prisma/client.js');
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl }) });
}

export type EventKitClient = Awaited<ReturnType<typeof createEventKitClient>>;
