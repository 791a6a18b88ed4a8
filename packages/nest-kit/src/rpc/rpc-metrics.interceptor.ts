import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { HttpStatusByCode } from '@medtutor/contracts';
import { type Observable, tap } from 'rxjs';
import { DomainError } from '../errors/domain-error.js';
import { isTransientError } from '../errors/transient-error.js';
import {
  MetricNames,
  processHistogram,
  REQUEST_DURATION_BUCKETS,
  type RpcOutcome,
  rpcOutcomeOfStatus,
} from '../metrics/metrics.js';

const duration = processHistogram({
  name: MetricNames.rpcServerDuration.name,
  help: 'Requests handled over NATS, by subject and outcome (ok, rejected, unavailable, error), from the handler being called to its answer',
  labelNames: MetricNames.rpcServerDuration.labels,
  buckets: REQUEST_DURATION_BUCKETS,
});

/** The outcome the error filter will answer with (rpc-error.filter.ts), read before it runs. */
export function rpcOutcomeOfError(error: unknown): RpcOutcome {
  if (error instanceof DomainError) return rpcOutcomeOfStatus(HttpStatusByCode[error.code]);
  return isTransientError(error) ? 'unavailable' : 'error';
}

/**
 * `rpc_server_duration_seconds{subject, outcome}` for every request a handler takes. The subject is
 * one the service has a handler for, so its labels stay as few as its message patterns.
 */
@Injectable()
export class RpcMetricsInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const subject = (context.switchToRpc().getContext() as { getSubject?: () => string } | undefined)?.getSubject?.();
    const started = performance.now();
    const observe = (outcome: RpcOutcome) =>
      duration.observe({ subject: subject ?? 'unknown', outcome }, (performance.now() - started) / 1_000);
    return next
      .handle()
      .pipe(tap({ complete: () => observe('ok'), error: (error: unknown) => observe(rpcOutcomeOfError(error)) }));
  }
}
