import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The generated sections of the service READMEs, the gateway README and docs/architecture.md must
 * say what the code says. On failure the generator's message names each file and section that is out
 * of date and the command that fixes it.
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
