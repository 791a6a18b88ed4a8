import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER, sanitizeRequestId } from '../http/correlation-id.js';
import { observeHttpAnswer } from '../metrics/http-metrics.js';
import { PUBLIC_READ_BY_PATH, type PublicReadsService } from './public-reads.service.js';

type Answer = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * Page views of the public reads answered straight from memory, before Express sees the request:
 * with the security headers (worked out once), a request id, `Connection: close` while draining,
 * and counted by the HTTP metrics like every answer, but without the rest — no trace, no access-log
 * line, no session, no routing — since nothing is asked of anyone. This is what lets the gateway
 * answer thousands a second (issue 27). A read with nothing in memory yet, a HEAD or a path spelled
 * another way (a trailing slash, a query) goes on to Express and its Nest route, which fetches it and
 * answers any failure the usual way.
 */
export function answerFromMemory(
  reads: PublicReadsService,
  securityHeaders: Readonly<Record<string, string>>,
  stopping: () => boolean,
): Answer {
  const headers = Object.entries(securityHeaders);
  return (req, res) => {
    const name = req.method === 'GET' ? PUBLIC_READ_BY_PATH.get(req.url ?? '') : undefined;
    const snapshot = name && reads.held(name);
    if (!snapshot) return false;
    const started = performance.now();
    for (const [header, value] of headers) res.setHeader(header, value);
    res.setHeader(REQUEST_ID_HEADER, sanitizeRequestId(req.headers[REQUEST_ID_HEADER]) ?? randomUUID());
    if (stopping()) res.setHeader('Connection', 'close');
    const status = reads.write(snapshot, req, res);
    observeHttpAnswer('GET', req.url!, status, (performance.now() - started) / 1_000);
    return true;
  };
}

/** Puts `answer` in front of the server's request listener (Express), which gets what it declines. */
export function answerBeforeExpress(server: Server, answer: Answer): void {
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (answer(req, res)) return;
    for (const listener of listeners) listener(req, res);
  });
}
