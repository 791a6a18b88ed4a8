import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Text files of the repository: tracked and new ones, not what .gitignore leaves out, nor the lockfile. */
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|sh|ya?ml|json|prisma|sql|css|html|conf)$/;

/** The repository's text files (paths from its root) that the docs checks read for references. */
export function repositoryTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed
    .split('\0')
    .filter((path) => TEXT.test(path) && path !== 'package-lock.json' && existsSync(join(ROOT, path)));
}
