import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { REQUEST_ID_HEADER, sanitizeRequestId } from '../http/correlation-id.js';
import { PUBLIC_READ_BY_PATH, type PublicReadsService } from './public-reads.service.js';

/**
 * Page views of the public reads answered straight from memory, near the front of the pipeline:
 * with the security headers (worked out once) and a request id, counted by the HTTP metrics (registered before), but
 * without the rest — no trace, no access-log line, no session, no Nest routing — since nothing is
 * asked of anyone. This is what lets the gateway answer thousands a second (issue 27). A read with
 * nothing in memory yet, a HEAD or a path spelled another way goes on to its Nest route, which
 * fetches it and answers any failure the usual way.
 */
export function publicReadsFromMemory(
  reads: PublicReadsService,
  securityHeaders: Readonly<Record<string, string>>,
): RequestHandler {
  const headers = Object.entries(securityHeaders);
  return (req, res, next) => {
    const name = req.method === 'GET' ? PUBLIC_READ_BY_PATH.get(req.path) : undefined;
    const snapshot = name && reads.held(name);
    if (!snapshot) {
      next();
      return;
    }
    for (const [header, value] of headers) res.setHeader(header, value);
    res.setHeader(REQUEST_ID_HEADER, sanitizeRequestId(req.headers[REQUEST_ID_HEADER]) ?? randomUUID());
    reads.write(snapshot, req, res);
  };
}
