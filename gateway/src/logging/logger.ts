import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type Level, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';

export const LOGGER = Symbol('LOGGER');

/** JSON logs to stdout. Cookies and secrets never reach a log line, whichever object carries them. */
export function createGatewayLogger(level: Level | 'silent'): Logger {
  return pino({
    name: 'gateway',
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'password',
        '*.password',
        '*.confirmPassword',
        '*.token',
      ],
      censor: '[redacted]',
    },
  });
}

const PROBE_PATHS = new Set(['/healthz', '/readyz']);

/** One access log line per request, keyed by the correlation id (set earlier by the correlation middleware). */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage) => (req as IncomingMessage & { correlationId: string }).correlationId,
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, error?: Error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    // Kubernetes polls the probes every few seconds; logging them would drown the real traffic.
    autoLogging: { ignore: (req: IncomingMessage) => PROBE_PATHS.has(req.url ?? '') },
  });
}
