import type { LoggerService } from '@nestjs/common';
import { context, isSpanContextValid, trace } from '@opentelemetry/api';
import { pino, type Logger, type LoggerOptions } from 'pino';
import { REDACTED, redactSecrets, secretFieldPaths, serializeError } from './redact.js';

/**
 * What every logger of the platform (each service's and the gateway's) does with secrets, with
 * pino's own mechanisms: `redact` censors fields named like secrets (`secretFieldPaths`), the
 * serializers log errors as `{ type, message, code, stack, cause }` only, never with their payloads,
 * and `streamWrite` runs `redactSecrets` once over each serialized line, so a token in a URL or a
 * Stripe secret is removed wherever it sits: message, field, error message or stack. In every
 * environment: the local mail folder's reset links are read from its files, not from the log.
 */
export function secretSafeLoggerOptions(): Pick<LoggerOptions, 'redact' | 'serializers' | 'hooks'> {
  return {
    redact: { paths: secretFieldPaths(), censor: REDACTED },
    serializers: { err: serializeError, error: serializeError },
    hooks: { streamWrite: redactSecrets },
  };
}

/**
 * `trace_id` and `span_id` of the span active where a line is logged (pino's `mixin`), so a log
 * search finds every line of one trace across processes. Nothing outside a span.
 */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getSpanContext(context.active());
  return span && isSpanContextValid(span) ? { trace_id: span.traceId, span_id: span.spanId } : {};
}

/** JSON logs to stdout (12-factor); the supervisor or the cluster collects them. */
export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ name: service, level, mixin: traceLogFields, ...secretSafeLoggerOptions() });
}

/** Routes Nest's own log lines into pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
