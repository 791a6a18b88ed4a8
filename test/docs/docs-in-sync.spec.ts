import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The generated sections of the service READMEs, the gateway README, docs/architecture.md and the
 * packages' READMEs (entry points, the event kit's consumers) must say what the code says, and every
 * file a package README links or cites and every code name it quotes must exist. On failure the
 * generator's message names each file and section that is out of date, or each dangling name, and how
 * to fix it.
 */
describe('generated docs', () => {
  it('match the code (npm run docs:generate -- --check)', () => {
    const run = spawnSync(process.execPath, ['scripts/docs/generate.mjs', '--check'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.status === 0 ? '' : run.stderr.trim() || `exit ${run.status}`).toBe('');
  }, 120_000);
});
