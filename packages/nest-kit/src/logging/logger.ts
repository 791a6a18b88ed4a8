import type { LoggerService } from '@nestjs/common';
import { context, isSpanContextValid, trace } from '@opentelemetry/api';
import { pino, type Logger, type LoggerOptions } from 'pino';
import { redactFields, redactSecrets, serializeError } from './redact.js';

/**
 * What every logger of the platform does with secrets: fields named like secrets are censored,
 * secrets inside any string field (URLs with tokens, Stripe client secrets) are redacted, and
 * errors are logged as `{ type, message, code, stack, cause }` only, never with their payloads.
 * Messages are redacted too, except where `redactMessages` is false: local runs print the mail
 * outbox's links on purpose (README), which production never does.
 */
export function secretSafeLoggerOptions(
  redactMessages = true,
): Pick<LoggerOptions, 'serializers' | 'formatters' | 'hooks'> {
  return {
    serializers: { err: serializeError, error: serializeError },
    formatters: { log: (fields) => redactFields(fields) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        if (!redactMessages) return method.apply(this, args);
        const redacted = args.map((arg) => (typeof arg === 'string' ? redactSecrets(arg) : arg)) as typeof args;
        return method.apply(this, redacted);
      },
    },
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
export function createLogger(
  service: string,
  level: string = process.env.LOG_LEVEL ?? 'info',
  production: boolean = process.env.NODE_ENV === 'production',
): Logger {
  return pino({ name: service, level, mixin: traceLogFields, ...secretSafeLoggerOptions(production) });
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
