import type { NestExpressApplication } from '@nestjs/platform-express';
import { MetricNames, processHistogram, REQUEST_DURATION_BUCKETS } from '@medtutor/nest-kit';
import type { Request, RequestHandler } from 'express';
import { type KnownRoute, KnownRouteIndex } from '../http/api-hygiene.js';

const duration = processHistogram({
  name: MetricNames.httpRequestDuration.name,
  help: 'HTTP answers of the gateway by method, route template and status code (499: the client went away first), from arrival to the last byte',
  labelNames: MetricNames.httpRequestDuration.labels,
  buckets: REQUEST_DURATION_BUCKETS,
});

/** Route labels of the requests no route matched. */
export const UnroutedLabels = { api: 'unmatched', frontend: 'frontend' } as const;

/**
 * The route template of a request (`/api/payments/:id`), never its URL, so the labels stay as few as
 * the routes. A request answered before routing (405, 413, sessions unavailable) gets the template of
 * the route its path belongs to; one no route matches is `unmatched` under /api (404s) and
 * `frontend` elsewhere (the built pages and assets).
 */
export function routeLabel(req: Request, routes: readonly KnownRoute[]): string {
  const matched = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof matched === 'string') return matched;
  const candidates = routes.filter((route) => route.matches(req.path));
  const route = candidates.find((candidate) => candidate.methods.includes(req.method)) ?? candidates[0];
  if (route) return route.path;
  return /^\/api(\/|$)/.test(req.path) ? UnroutedLabels.api : UnroutedLabels.frontend;
}

/** Records one answer: Express's (below) or one given before it (the public reads from memory). */
export function observeHttpAnswer(method: string, route: string, status: number | string, seconds: number): void {
  duration.observe({ method, route, status: String(status) }, seconds);
}

/**
 * `http_request_duration_seconds{method, route, status}` for every answer of the public port; its
 * `_count` is the request rate. Registered first, so the time includes the whole pipeline.
 */
export function httpMetrics(app: NestExpressApplication): RequestHandler {
  const express = app.getHttpAdapter().getInstance() as unknown as { router: { stack: object[] } };
  const index = new KnownRouteIndex(() => express.router.stack);
  return (req, res, next) => {
    const started = performance.now();
    res.once('close', () => {
      // Read at the end, when `req.route` is set.
      const status = res.writableFinished ? String(res.statusCode) : '499';
      observeHttpAnswer(
        req.method,
        routeLabel(req, index.matching(req.path)),
        status,
        (performance.now() - started) / 1_000,
      );
    });
    next();
  };
}
