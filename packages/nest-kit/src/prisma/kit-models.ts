import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The kits whose tables a service's database holds, one file each in packages/nest-kit/prisma. */
export type PrismaKit = 'event-kit' | 'mail-kit';

/** packages/nest-kit/prisma: the same two levels up from src/prisma and from dist/prisma. */
export const KIT_MODELS_DIR = fileURLToPath(new URL('../../prisma/', import.meta.url));

/**
 * Where a service's schema folder receives the kits' models (git-ignored). Prisma reads a folder's
 * files in path order: after schema.prisma, so the client lists the service's own models first.
 */
export const KIT_MODELS_FOLDER = 'shared';

/**
 * A service's schema for Prisma's multi-file schema (`schema` in its prisma.config.ts): its own
 * folder, where schema.prisma sits, plus the models of the kits it uses, written into
 * `<folder>/shared/` from packages/nest-kit/prisma, their one source. Prisma reads a schema only from
 * under one folder, so the kit's files are placed there each time Prisma (or db-tools, through
 * Prisma's config loader) loads the configuration: they can never be stale, and nobody edits them.
 */
export function schemaWithKits(folder: string, kits: readonly PrismaKit[]): string {
  const target = join(folder, KIT_MODELS_FOLDER);
  mkdirSync(target, { recursive: true });
  const wanted = new Set(kits.map((kit) => `${kit}.prisma`));
  for (const file of readdirSync(target)) if (!wanted.has(file)) rmSync(join(target, file), { force: true });
  for (const file of wanted) {
    const source = readFileSync(join(KIT_MODELS_DIR, file), 'utf8');
    const text = `// Written from packages/nest-kit/prisma/${file} whenever Prisma loads prisma.config.ts: edit that file.\n\n${source}`;
    const current = readIfExists(join(target, file));
    // Unchanged files are left alone: two Prisma commands may load the configuration at once.
    if (current !== text) writeFileSync(join(target, file), text);
  }
  return folder;
}

function readIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
