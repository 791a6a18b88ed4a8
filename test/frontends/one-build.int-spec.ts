import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_SETTINGS_META, PAGE_SETTINGS_TOKENS } from '@medtutor/contracts';

/*
 * One frontend build for every environment (issue 14): the built apps hold no environment's origin or
 * support address, only the tokens the gateway writes over (gateway/src/http/page-settings.ts). Runs
 * over the builds present (FRONTEND_DIR points elsewhere, as for the gateway). An integration file, as it
 * reads the build: `npm test` runs the unit, components and repository projects before the build, this one after it.
 */

const frontendDir = process.env.FRONTEND_DIR ?? fileURLToPath(new URL('../../frontends/', import.meta.url));
const dists = ['shell', 'student', 'admin']
  .map((app) => ({ app, dir: join(frontendDir, app, 'dist') }))
  .filter(({ dir }) => existsSync(dir));
const shellDist = join(frontendDir, 'shell', 'dist');

/** The local defaults and, when set, this machine's values: none may be in a build. */
const environmentValues = [
  'localhost:8080',
  'support@medpath.local',
  ...[process.env.PUBLIC_BASE_URL, process.env.SUPPORT_EMAIL].filter((value) => value !== undefined && value !== ''),
] as string[];

const TEXT_FILE = /\.(?:js|mjs|css|html|json|txt|xml|svg|map)$/;

function* textFilesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* textFilesUnder(path);
    else if (TEXT_FILE.test(entry.name)) yield path;
  }
}

/** Outside CI a checkout without builds skips these; in CI (`npm test` builds first) a missing build fails. */
const whenBuilt = (built: boolean) => (built || process.env.CI === 'true' ? it : it.skip);

describe('the frontend builds', () => {
  whenBuilt(dists.length > 0)('hold no environment’s origin or support address', () => {
    expect(dists.map(({ app }) => app)).toEqual(['shell', 'student', 'admin']);
    const baked = dists.flatMap(({ dir }) =>
      [...textFilesUnder(dir)].flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        return environmentValues
          .filter((value) => text.includes(value))
          .map((value) => `${relative(frontendDir, file)}: ${value}`);
      }),
    );
    expect(baked).toEqual([]);
  });

  whenBuilt(existsSync(join(shellDist, 'robots.txt')))(
    'leave the origin and the address as tokens in robots.txt, the sitemap and the prerendered pages',
    () => {
      const { publicBaseUrl, supportEmail } = PAGE_SETTINGS_TOKENS;
      expect(readFileSync(join(shellDist, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${publicBaseUrl}/sitemap.xml`);
      expect(readFileSync(join(shellDist, 'sitemap.xml'), 'utf8')).toContain(`<loc>${publicBaseUrl}/about</loc>`);
      const home = readFileSync(join(shellDist, 'index.html'), 'utf8');
      expect(home).toContain(`<meta property="og:url" content="${publicBaseUrl}/"/>`);
      expect(home).toContain(`"email":"${supportEmail}"`);
      expect(readFileSync(join(shellDist, 'privacy-policy', 'index.html'), 'utf8')).toContain(
        `<a href="mailto:${supportEmail}">${supportEmail}</a>`,
      );
      // The gateway adds the settings as it serves a page; a build never has them.
      expect(home).not.toContain(PAGE_SETTINGS_META);
    },
  );
});
