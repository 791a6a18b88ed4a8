import { Catch, type ExceptionFilter } from '@nestjs/common';
import { ErrorCodes, type RpcError, ServerMessages } from '@medtutor/contracts';
import { type Observable, throwError } from 'rxjs';
import { DomainError } from '../errors/domain-error.js';
import { isTransientError } from '../errors/transient-error.js';
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
    if (exception instanceof DomainError) return throwError(() => exception.toRpcError());
    if (isTransientError(exception)) {
      this.logger.warn({ err: exception }, 'dependency unavailable; answered 503');
      const unavailable: RpcError = { code: ErrorCodes.serviceUnavailable, message: ServerMessages.serviceUnavailable };
      return throwError(() => unavailable);
    }
    this.logger.error({ err: exception }, 'unhandled error in message handler');
    const internal: RpcError = { code: ErrorCodes.internal, message: ServerMessages.internal };
    return throwError(() => internal);
  }
}
