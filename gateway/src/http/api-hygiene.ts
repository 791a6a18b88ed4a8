import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiErrors } from '../filters/api-error.js';

/**
 * API answers carry accounts, packages, payments and contact details: no browser or proxy may keep
 * them. Set on every /api answer (errors included) rather than route by route, so a new route
 * cannot forget it. The public reads alone replace it with their own (public-reads.service.ts).
 */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** What `router` 2 (Express 5) keeps of a route: its path matchers and its methods. */
interface RouterLayer {
  matchers?: ((path: string) => unknown)[];
  route?: { path: string; methods: Record<string, boolean> };
}

export interface KnownRoute {
  /** Its template, as registered (`/api/payments/:id`). */
  path: string;
  matches: (path: string) => boolean;
  methods: string[];
}

/** Every route of the router, read once all routes are registered (at the first request). */
export function knownRoutes(stack: readonly object[]): KnownRoute[] {
  return stack.flatMap((layer): KnownRoute[] => {
    const { route, matchers } = layer as RouterLayer;
    if (!route || !matchers) return [];
    const methods = Object.keys(route.methods)
      .filter((method) => method !== '_all')
      .map((method) => method.toUpperCase());
    if (methods.includes('GET') && !methods.includes('HEAD')) methods.push('HEAD');
    return [{ path: route.path, matches: (path) => matchers.some((match) => Boolean(match(path))), methods }];
  });
}

/** Paths remembered by `KnownRouteIndex`; past it the memory starts again (ids make paths unbounded). */
const REMEMBERED_PATHS = 5_000;

/**
 * The routes whose template matches a path, remembered per path: every request asks, and trying
 * each of the ~150 templates' matchers per request was a few per cent of a request's time.
 * The routes are read at the first question, once all are registered.
 */
export class KnownRouteIndex {
  private routes: KnownRoute[] | undefined;
  private readonly byPath = new Map<string, readonly KnownRoute[]>();

  constructor(private readonly routerStack: () => readonly object[]) {}

  matching(path: string): readonly KnownRoute[] {
    const known = this.byPath.get(path);
    if (known) return known;
    this.routes ??= knownRoutes(this.routerStack());
    const matching = this.routes.filter((route) => route.matches(path));
    if (this.byPath.size >= REMEMBERED_PATHS) this.byPath.clear();
    this.byPath.set(path, matching);
    return matching;
  }
}

/**
 * A known path asked with a method none of its routes takes: 405 with `Allow` (Express would answer
 * 404, as if the path did not exist). OPTIONS on a known path answers 204 with `Allow`. Unknown
 * paths go on to the 404.
 */
export function methodNotAllowed(routerStack: () => readonly object[]): RequestHandler {
  const index = new KnownRouteIndex(routerStack);
  return (req: Request, res: Response, next: NextFunction) => {
    const allowed = new Set<string>();
    for (const route of index.matching(req.path)) route.methods.forEach((method) => allowed.add(method));
    if (allowed.size === 0 || allowed.has(req.method)) return next();
    const allow = [...allowed, 'OPTIONS'];
    if (req.method === 'OPTIONS') {
      res.setHeader('Allow', allow.join(', '));
      res.status(204).end();
      return;
    }
    const error = ApiErrors.methodNotAllowed(allow);
    res.set(error.headers).status(error.statusCode).json(error.toBody());
  };
}
