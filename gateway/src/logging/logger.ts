import type { IncomingMessage, ServerResponse } from 'node:http';
import { redactSecrets, secretSafeLoggerOptions, traceLogFields } from '@medtutor/nest-kit';
import { pino, type Level, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';

export const LOGGER = Symbol('LOGGER');

/**
 * JSON logs to stdout. Cookies and secrets never reach a log line, whichever object carries them:
 * the shared options censor secret fields, redact tokens and Stripe client secrets in every string
 * and log errors as structured objects without their payloads. The gateway prints no mail links,
 * so its messages are redacted in every environment.
 */
export function createGatewayLogger(level: Level | 'silent', destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name: 'gateway',
    level,
    // The active span's trace_id and span_id, so one search finds a request's lines in every process.
    mixin: traceLogFields,
    ...secretSafeLoggerOptions(true),
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
  };
  return destination ? pino(options, destination) : pino(options);
}

const PROBE_PATHS = new Set(['/healthz', '/readyz']);

/**
 * One access log line per request, keyed by the correlation id (set earlier by the correlation
 * middleware). Never the body; the URL without the values of secret query parameters (a reset
 * link's token, a Stripe return URL's client secret).
 */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage) => (req as IncomingMessage & { correlationId: string }).correlationId,
    // 401s and 404s are ordinary traffic; only server faults and throttling deserve attention.
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, error?: Error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode === 429 ? 'warn' : 'info',
    // The essentials only: full headers (the CSP alone is half a kilobyte) would bury the signal.
    serializers: {
      req: (req: {
        id: string;
        method: string;
        url: string;
        remoteAddress?: string;
        headers: Record<string, string>;
      }) => ({
        id: req.id,
        method: req.method,
        url: redactSecrets(req.url),
        remoteAddress: req.remoteAddress,
        userAgent: req.headers['user-agent'],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    // Kubernetes polls the probes every few seconds; logging them would drown the real traffic.
    autoLogging: { ignore: (req: IncomingMessage) => PROBE_PATHS.has(req.url ?? '') },
  });
}
