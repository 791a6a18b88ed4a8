import { Catch, type ExceptionFilter } from '@nestjs/common';
import { ErrorCodes, type RpcError, ServerMessages } from '@medtutor/contracts';
import { type Observable, throwError } from 'rxjs';
import { DomainError } from '../errors/domain-error.js';
import type { Logger } from 'pino';

/**
 * Serialises every failure of a message handler as `{ code, message, details }`. Unknown errors are
 * logged here and leave the service as a generic internal error, so no internals cross the wire.
 */
@Catch()
export class RpcErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown): Observable<never> {
    if (exception instanceof DomainError) return throwError(() => exception.toRpcError());
    this.logger.error({ err: exception }, 'unhandled error in message handler');
    const internal: RpcError = { code: ErrorCodes.internal, message: ServerMessages.internal };
    return throwError(() => internal);
  }
}
