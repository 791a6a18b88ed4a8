import type { IncomingMessage, ServerResponse } from 'node:http';
import { REDACTED, redactSecrets, secretSafeLoggerOptions, traceLogFields } from '@medtutor/nest-kit';
import { pino, type Level, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';

export const LOGGER = Symbol('LOGGER');

/**
 * JSON logs to stdout, with the platform's secret-safe options (nest-kit `secretSafeLoggerOptions`,
 * the services' too): cookie, authorization and set-cookie headers are among the censored fields,
 * tokens and Stripe secrets are redacted from every line, and errors are structured objects without
 * their payloads.
 */
export function createGatewayLogger(level: Level | 'silent', destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name: 'gateway',
    level,
    // The active span's trace_id and span_id, so one search finds a request's lines in every process.
    mixin: traceLogFields,
    ...secretSafeLoggerOptions(),
  };
  return destination ? pino(options, destination) : pino(options);
}

const PROBE_PATHS = new Set(['/healthz', '/readyz']);

/** A query parameter's name worth keeping in a log (`search`, `page`, `payment_intent_client_secret`). */
const PARAMETER_NAME = /^[A-Za-z][\w.-]{0,40}$/;

/**
 * The URL as the access log writes it: the path, and of the query only the parameters' names. Query
 * values carry what people type into searches (an admin looking up a student by email or name) and
 * tokens; the names are enough to tell requests apart. A name that does not look like one is itself
 * data (`?alice@example.com`) and goes too.
 */
export function loggableUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return redactSecrets(url);
  const names = url
    .slice(queryStart + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      return PARAMETER_NAME.test(name) ? `${name}=${REDACTED}` : REDACTED;
    });
  return `${redactSecrets(url.slice(0, queryStart))}?${names.join('&')}`;
}

/** pino-http's stand-in for a 5xx that came without an error: a stack trace of its own, pointing nowhere. */
const madeUpError = (error: Error, res: ServerResponse) =>
  error.message === `failed with status code ${res.statusCode}`;

/**
 * One access log line per request, keyed by the correlation id (set earlier by the correlation
 * middleware). Never the body; the URL without any query value (`loggableUrl`). A 5xx line carries
 * no error of its own: the real one is logged with the same correlation id where it was caught
 * (ApiExceptionFilter, ServiceClient), or there was none (a service's answer, an open circuit).
 */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage) => (req as IncomingMessage & { correlationId: string }).correlationId,
    // 401s and 404s are ordinary traffic; only server faults and throttling deserve attention.
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, error?: Error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode === 429 ? 'warn' : 'info',
    // The essentials only: full headers (the CSP alone is half a kilobyte) would bury the signal. No
    // client address: it is personal data, and the rate limits, not the logs, answer abuse.
    serializers: {
      req: (req: { id: string; method: string; url: string; headers: Record<string, string> }) => ({
        id: req.id,
        method: req.method,
        url: loggableUrl(req.url),
        userAgent: req.headers['user-agent'],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customErrorObject: (_req: IncomingMessage, res: ServerResponse, error: Error, fields: Record<string, unknown>) => {
      if (!madeUpError(error, res)) return fields;
      const { err: _madeUp, ...withoutError } = fields;
      return withoutError;
    },
    // Kubernetes polls the probes every few seconds; logging them would drown the real traffic.
    autoLogging: { ignore: (req: IncomingMessage) => PROBE_PATHS.has(req.url ?? '') },
  });
}
