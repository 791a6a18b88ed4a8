import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { PageSettings } from '@medtutor/contracts';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { SETTINGS_FILE, pageSettingsWriter } from './page-settings.js';

const REMOTES = ['student', 'admin'] as const;

/** Files whose URL never changes but whose content does: browsers must revalidate them every time. */
const ALWAYS_REVALIDATE = new Set(['index.html', 'shell.html', '404.html', 'mf-manifest.json', 'remoteEntry.js']);
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

/** `/About/` is `/about` to the shell's router (case-insensitive, trailing slashes ignored). */
const routeKey = (path: string): string => path.toLowerCase().replace(/(.)\/+$/, '$1');

/**
 * Whether the shell's router has a page at `path`, from the routes.json its build writes next to the
 * pages (re-read when rebuilt). Without that file every path is taken as a route, as before it existed.
 */
export function shellRouteChecker(routesFile: string): (path: string) => boolean {
  let known: { version: string; routes: Set<string> } | null = null;
  return (path) => {
    if (!existsSync(routesFile)) return true;
    const { mtimeMs, size } = statSync(routesFile);
    const version = `${mtimeMs}:${size}`;
    if (known?.version !== version) {
      const { routes } = JSON.parse(readFileSync(routesFile, 'utf8')) as { routes: string[] };
      known = { version, routes: new Set(routes.map(routeKey)) };
    }
    return known.routes.has(routeKey(path));
  };
}

/** The compressed copies a frontend build writes next to its files, best first. */
const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['encoding'];

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESS: Record<Encoding, (content: Buffer) => Promise<Buffer>> = {
  br: (content) =>
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  gzip: (content) => gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
};
/** Below this a compressed copy saves less than its headers cost (as in the shell's precompress plugin). */
const MIN_COMPRESSED_BYTES = 1024;

/** A built file with the settings written in: made once per version of the file, compressed once per encoding. */
interface WrittenFile {
  version: string;
  content: Buffer;
  /** Of `content`: the same on every replica, unlike the file's modification time. */
  hash: string;
  compressed: Map<Encoding, Promise<Buffer>>;
}

/**
 * Sends the frontends' files. Pages, robots.txt and the sitemap get the run-time settings written in
 * (page-settings.ts), kept in memory and compressed there on first request per encoding; a rebuilt
 * file (new size or modification time) is written again. Every other file is sent as built, or its
 * build-time compressed copy when the browser accepts one (the gateway does not compress those: the
 * builds do it once, at the best level).
 */
function frontendFileSender(settings: PageSettings) {
  const write = pageSettingsWriter(settings);
  const written = new Map<string, WrittenFile>();

  const writtenFile = (file: string): WrittenFile => {
    const { mtimeMs, size } = statSync(file);
    const version = `${mtimeMs}:${size}`;
    const known = written.get(file);
    if (known?.version === version) return known;
    const content = Buffer.from(write(readFileSync(file, 'utf8'), extname(file)));
    const fresh = {
      version,
      content,
      hash: createHash('sha256').update(content).digest('base64url').slice(0, 27),
      compressed: new Map(),
    };
    written.set(file, fresh);
    return fresh;
  };

  const compressed = (entry: WrittenFile, encoding: Encoding): Promise<Buffer> => {
    let copy = entry.compressed.get(encoding);
    if (copy === undefined) {
      copy = COMPRESS[encoding](entry.content);
      entry.compressed.set(encoding, copy);
      // A failure is that request's 500, not every later one's.
      copy.catch(() => entry.compressed.delete(encoding));
    }
    return copy;
  };

  const sendWritten = async (req: Request, res: Response, file: string): Promise<void> => {
    const entry = writtenFile(file);
    const accepted = req.acceptsEncodings(...ENCODINGS.map(({ encoding }) => encoding), 'identity');
    const encoding =
      entry.content.length < MIN_COMPRESSED_BYTES
        ? undefined
        : ENCODINGS.find((candidate) => candidate.encoding === accepted)?.encoding;
    const body = encoding === undefined ? entry.content : await compressed(entry, encoding);
    res.setHeader('Cache-Control', cacheControlFor(file));
    res.vary('Accept-Encoding');
    res.type(extname(file));
    // One validator per representation; res.send answers 304 when the browser's copy matches.
    res.setHeader('ETag', `"${entry.hash}${encoding === undefined ? '' : `-${encoding}`}"`);
    if (encoding !== undefined) res.setHeader('Content-Encoding', encoding);
    res.send(body);
  };

  const sendBuilt = (req: Request, res: Response, next: NextFunction, file: string): void => {
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
  };

  return (req: Request, res: Response, next: NextFunction, file: string): void => {
    if (SETTINGS_FILE.test(file)) sendWritten(req, res, file).catch(next);
    else sendBuilt(req, res, next, file);
  };
}
type SendFrontendFile = ReturnType<typeof frontendFileSender>;

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
  (dir: string, send: SendFrontendFile): RequestHandler =>
  (req, res, next) => {
    const file = req.method === 'GET' || req.method === 'HEAD' ? fileUnder(dir, req.path) : null;
    if (file === null) next();
    else send(req, res, next, file);
  };

/**
 * The built shell at `/` and the remotes at `/remotes/<name>/`, where a missing file is a 404, never
 * the shell's page. A navigation gets its prerendered page when the build wrote one, otherwise the
 * client-rendered shell (`shell.html`; `index.html` in builds from before prerendering). Both are
 * looked up per request, like the static files, so a rebuild needs no restart. The builds are the same
 * for every environment: `settings` are written into the pages as they are served. A missing build
 * only logs a warning: the API works without the frontends.
 */
export function mountFrontends(
  app: NestExpressApplication,
  frontendDir: string,
  settings: PageSettings,
  logger: Logger,
): void {
  const send = frontendFileSender(settings);
  for (const remote of REMOTES) {
    const dir = join(frontendDir, remote, 'dist');
    if (!existsSync(dir)) {
      logger.warn({ dir }, `${remote} remote not built; /remotes/${remote}/ will answer 404`);
      continue;
    }
    app.use(`/remotes/${remote}`, serveFrontendFiles(dir, send));
  }

  const shellDir = join(frontendDir, 'shell', 'dist');
  const shellIndex = join(shellDir, 'index.html');
  if (!existsSync(shellIndex)) {
    logger.warn({ dir: shellDir }, 'shell not built; only the API is served');
    return;
  }
  const shellPage = join(shellDir, 'shell.html');
  const notFoundPage = join(shellDir, '404.html');
  const isShellRoute = shellRouteChecker(join(shellDir, 'routes.json'));
  const pageFor = (path: string): { file: string; status: 200 | 404 } => {
    const prerendered = prerenderedPageFile(path);
    if (prerendered !== null && existsSync(join(shellDir, prerendered))) {
      return { file: join(shellDir, prerendered), status: 200 };
    }
    // A path no route has gets the prerendered not-found page with its true status (search engines
    // must not index it as a page), painted before any script.
    if (!isShellRoute(path) && existsSync(notFoundPage)) return { file: notFoundPage, status: 404 };
    return { file: existsSync(shellPage) ? shellPage : shellIndex, status: 200 };
  };
  const serveShell = serveFrontendFiles(shellDir, send);
  const skipReserved: RequestHandler = (req, res, next) =>
    RESERVED.test(req.path) ? next() : serveShell(req, res, next);
  const spaFallback: RequestHandler = (req, res, next) => {
    if (!isSpaNavigation(req.method, req.path)) {
      next();
      return;
    }
    const { file, status } = pageFor(req.path);
    res.status(status);
    send(req, res, next, file);
  };
  app.use(skipReserved, spaFallback);
}
