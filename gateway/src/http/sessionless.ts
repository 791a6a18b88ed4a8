import type { Request, RequestHandler } from 'express';
import { PUBLIC_READ_PATHS } from '../public-reads/public-reads.service.js';
import { PROVIDER_WEBHOOK_PATH } from './raw-body.js';

/**
 * Requests the session layer leaves alone: Stripe's webhook (a server, with no session), and the
 * GETs of the public reads, answered the same to everyone from memory. Those cost no Redis round
 * trip, and never carry a Set-Cookie, so a shared cache may keep them.
 */
export function isSessionless(req: Request): boolean {
  const path = req.originalUrl.split('?')[0] ?? '';
  if (path === PROVIDER_WEBHOOK_PATH) return true;
  return (req.method === 'GET' || req.method === 'HEAD') && PUBLIC_READ_PATHS.has(path);
}

/** Runs `handlers` for every request but the sessionless ones. */
export const exceptSessionless = (handlers: RequestHandler[]): RequestHandler[] =>
  handlers.map(
    (handler): RequestHandler =>
      (req, res, next) =>
        isSessionless(req) ? next() : handler(req, res, next),
  );
