import { Catch, type ExceptionFilter } from '@nestjs/common';
import { type ErrorCode, ErrorCodes, HttpStatusByCode, type RpcError, ServerMessages } from '@medtutor/contracts';
import { trace } from '@opentelemetry/api';
import { type Observable, throwError } from 'rxjs';
import { DomainError } from '../errors/domain-error.js';
import { isTransientError } from '../errors/transient-error.js';
import { recordFailure } from '../tracing/spans.js';
import type { Logger } from 'pino';

/**
 * Serialises every failure of a message handler as `{ code, message, details }`. A failure of the
 * database or the broker being away (`isTransientError`) leaves as COMMON.SERVICE_UNAVAILABLE (503:
 * try again); other unknown errors are logged here and leave as a generic internal error, so no
 * internals cross the wire.
 */
@Catch()
export class RpcErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown): Observable<never> {
    if (exception instanceof DomainError) return answer(exception.toRpcError());
    if (isTransientError(exception)) {
      this.logger.warn({ err: exception }, 'dependency unavailable; answered 503');
      return answer({ code: ErrorCodes.serviceUnavailable, message: ServerMessages.serviceUnavailable });
    }
    this.logger.error({ err: exception }, 'unhandled error in message handler');
    return answer({ code: ErrorCodes.internal, message: ServerMessages.internal });
  }
}

/** The error answer, also recorded on the request's span (an error status for 5xx codes only). */
function answer(error: RpcError): Observable<never> {
  const span = trace.getActiveSpan();
  const serverFault = HttpStatusByCode[error.code as ErrorCode] >= 500;
  if (span) recordFailure(span, { code: error.code, serverFault }, true);
  return throwError(() => error);
}
