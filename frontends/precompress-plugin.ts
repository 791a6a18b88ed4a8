import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { constants, brotliCompress, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { RsbuildPlugin } from '@rsbuild/core';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Pages, robots.txt and the sitemap are left out: the gateway writes the run-time settings into them
 * and compresses what it wrote itself, once.
 */
const COMPRESSIBLE = /\.(?:js|css|json|svg)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` next to a browser build's scripts, styles, manifests and SVGs,
 * which the gateway sends to browsers that accept them: this costs nothing per request, and the
 * gateway compresses nothing itself, so a build without it (the remotes' until issue 27) is sent
 * whole, at three to four times the bytes. Used by the shell and both remotes.
 */
export const pluginPrecompress = (): RsbuildPlugin => ({
  name: 'medtutor:precompress',
  setup(api) {
    api.onAfterBuild({
      order: 'post',
      handler: async ({ environments }) => {
        // The browser builds only: the shell's prerender environment is bundled for Node.
        for (const web of Object.values(environments).filter((env) => env.config.output.target === 'web')) {
          await compressFiles(web.distPath);
        }
      },
    });
  },
});

async function compressFiles(distPath: string): Promise<void> {
  for await (const file of filesUnder(distPath)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const content = await readFile(file);
    await writeFile(
      `${file}.br`,
      await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    );
    await writeFile(`${file}.gz`, await gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }));
  }
}
