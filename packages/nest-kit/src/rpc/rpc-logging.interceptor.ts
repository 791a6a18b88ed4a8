import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Logger } from 'pino';
import { type Observable, tap } from 'rxjs';

/**
 * One log line per request with the gateway's correlation id, so a call can be followed across
 * services: at debug level when it succeeds (a line per RPC in every process was most of a signed-in
 * read's cost, issue 27), at info when it fails. Subject, timing and error code only: never the
 * payload or the reply, which carry passwords, reset tokens and client secrets.
 */
@Injectable()
export class RpcLoggingInterceptor implements NestInterceptor {
  constructor(private readonly logger: Logger) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rpc = context.switchToRpc();
    const payload = rpc.getData() as { meta?: { correlationId?: string } } | undefined;
    const pattern = (rpc.getContext() as { getSubject?: () => string } | undefined)?.getSubject?.();
    const started = performance.now();
    const fields = { pattern, correlationId: payload?.meta?.correlationId };
    return next.handle().pipe(
      tap({
        complete: () => this.logger.debug({ ...fields, ms: Math.round(performance.now() - started) }, 'rpc ok'),
        error: (error: { code?: string }) =>
          this.logger.info({ ...fields, ms: Math.round(performance.now() - started), code: error?.code }, 'rpc failed'),
      }),
    );
  }
}
