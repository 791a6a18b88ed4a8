import { existsSync } from 'node:fs';
import { basename, extname, join, normalize, sep } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';

const REMOTES = ['student', 'admin'] as const;

/** Files whose URL never changes but whose content does: browsers must revalidate them every time. */
const ALWAYS_REVALIDATE = new Set(['index.html', 'shell.html', 'mf-manifest.json', 'remoteEntry.js']);
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

/** Paths of plain lowercase segments, the only ones a prerendered page can have (nothing like `..`). */
const PAGE_PATH = /^(\/[a-z0-9-]+)*\/?$/;

/**
 * Where the shell's build puts a page prerendered at `path`, relative to its dist: `/about` →
 * `about/index.html`, `/` → `index.html`; null for a path no page can have.
 */
export function prerenderedPageFile(path: string): string | null {
  if (!PAGE_PATH.test(path)) return null;
  return join(...path.split('/').filter(Boolean), 'index.html');
}

/** The compressed copies a frontend build writes next to its files, best first. */
const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/**
 * Sends `file`, or its build-time compressed copy when the browser accepts one (the gateway itself
 * does not compress: the frontends' builds do it once, at the best level).
 */
function sendFrontendFile(req: Request, res: Response, next: NextFunction, file: string): void {
  const accepted = req.acceptsEncodings(...ENCODINGS.map(({ encoding }) => encoding), 'identity');
  const copy = ENCODINGS.find(({ encoding, suffix }) => encoding === accepted && existsSync(file + suffix));
  res.setHeader('Cache-Control', cacheControlFor(file));
  res.vary('Accept-Encoding');
  if (copy === undefined) {
    res.sendFile(file, { cacheControl: false }, (error) => error && next(error));
    return;
  }
  res.type(extname(file));
  res.setHeader('Content-Encoding', copy.encoding);
  res.sendFile(file + copy.suffix, { cacheControl: false }, (error) => error && next(error));
}

/** The file under `dir` a GET of `path` names, if there is one: never a folder, never outside `dir`. */
function fileUnder(dir: string, path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const file = normalize(join(dir, decoded));
  if (!file.startsWith(dir + sep) || extname(file) === '') return null;
  return existsSync(file) ? file : null;
}

/** Serves a build's files, compressed where the build left a compressed copy; passes on any other request. */
const serveFrontendFiles =
  (dir: string): RequestHandler =>
  (req, res, next) => {
    const file = req.method === 'GET' || req.method === 'HEAD' ? fileUnder(dir, req.path) : null;
    if (file === null) next();
    else sendFrontendFile(req, res, next, file);
  };

/**
 * The built shell at `/` and the remotes at `/remotes/<name>/`, where a missing file is a 404, never
 * the shell's page. A navigation gets its prerendered page when the build wrote one, otherwise the
 * client-rendered shell (`shell.html`; `index.html` in builds from before prerendering). Both are
 * looked up per request, like the static files, so a rebuild needs no restart. A missing build only
 * logs a warning: the API works without the frontends.
 */
export function mountFrontends(app: NestExpressApplication, frontendDir: string, logger: Logger): void {
  for (const remote of REMOTES) {
    const dir = join(frontendDir, remote, 'dist');
    if (!existsSync(dir)) {
      logger.warn({ dir }, `${remote} remote not built; /remotes/${remote}/ will answer 404`);
      continue;
    }
    app.use(`/remotes/${remote}`, serveFrontendFiles(dir));
  }

  const shellDir = join(frontendDir, 'shell', 'dist');
  const shellIndex = join(shellDir, 'index.html');
  if (!existsSync(shellIndex)) {
    logger.warn({ dir: shellDir }, 'shell not built; only the API is served');
    return;
  }
  const shellPage = join(shellDir, 'shell.html');
  const pageFor = (path: string): string => {
    const prerendered = prerenderedPageFile(path);
    if (prerendered !== null && existsSync(join(shellDir, prerendered))) return join(shellDir, prerendered);
    return existsSync(shellPage) ? shellPage : shellIndex;
  };
  const serveShell = serveFrontendFiles(shellDir);
  const skipReserved: RequestHandler = (req, res, next) =>
    RESERVED.test(req.path) ? next() : serveShell(req, res, next);
  const spaFallback: RequestHandler = (req, res, next) => {
    if (!isSpaNavigation(req.method, req.path)) {
      next();
      return;
    }
    sendFrontendFile(req, res, next, pageFor(req.path));
  };
  app.use(skipReserved, spaFallback);
}
