import { existsSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';

const REMOTES = ['student', 'admin'] as const;

/** Files whose URL never changes but whose content does: browsers must revalidate them every time. */
const ALWAYS_REVALIDATE = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js']);
/** rsbuild's content hashes: `index.3f2a9c1b.js`, `async/812.5e0c7d2f.js`. */
const HASHED_FILE = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

export function cacheControlFor(filePath: string): string {
  const name = basename(filePath);
  if (ALWAYS_REVALIDATE.has(name)) return 'no-cache';
  return HASHED_FILE.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Paths the SPA fallback must leave alone: the API, the remotes, the probes. */
const RESERVED = /^\/(api|remotes|healthz|readyz)(\/|$)/;

/** A GET navigation to a client-side route: not reserved and not a file (no extension). */
export function isSpaNavigation(method: string, path: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !RESERVED.test(path) && extname(path) === '';
}

const staticOptions = (fallthrough: boolean) => ({
  index: false,
  redirect: false,
  fallthrough,
  cacheControl: false,
  setHeaders: (res: Response, filePath: string) => res.setHeader('Cache-Control', cacheControlFor(filePath)),
});

/**
 * The built shell at `/` (SPA fallback to its index.html) and the remotes at `/remotes/<name>/`,
 * where a missing file is a 404, never the shell's page. A missing build only logs a warning: the API
 * works without the frontends.
 */
export function mountFrontends(app: NestExpressApplication, frontendDir: string, logger: Logger): void {
  for (const remote of REMOTES) {
    const dir = join(frontendDir, remote, 'dist');
    if (!existsSync(dir)) {
      logger.warn({ dir }, `${remote} remote not built; /remotes/${remote}/ will answer 404`);
      continue;
    }
    app.use(`/remotes/${remote}`, express.static(dir, staticOptions(false)));
  }

  const shellDir = join(frontendDir, 'shell', 'dist');
  const shellIndex = join(shellDir, 'index.html');
  if (!existsSync(shellIndex)) {
    logger.warn({ dir: shellDir }, 'shell not built; only the API is served');
    return;
  }
  const serveShell = express.static(shellDir, staticOptions(true));
  const skipReserved: RequestHandler = (req, res, next) =>
    RESERVED.test(req.path) ? next() : serveShell(req, res, next);
  const spaFallback: RequestHandler = (req, res, next) => {
    if (!isSpaNavigation(req.method, req.path)) {
      next();
      return;
    }
    res.sendFile(
      shellIndex,
      { cacheControl: false, headers: { 'Cache-Control': 'no-cache' } },
      (error) => error && next(error),
    );
  };
  app.use(skipReserved, spaFallback);
}
