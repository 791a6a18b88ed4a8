import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Inject } from '@nestjs/common';
import { ErrorCodes } from '@medtutor/contracts';
import { isTransientError } from '@medtutor/nest-kit';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { LOGGER } from '../logging/logger.js';
import { isRedisUnavailable } from '../redis/redis-unavailable.js';
import { ApiError, ApiErrors, MALFORMED_JSON_MESSAGE } from './api-error.js';

/**
 * Turns anything thrown (ours, Nest's, Express middleware's via Nest's error layer) into the one
 * error shape. Only `ApiError`s and HTTP exceptions speak for themselves; Redis or the network being
 * away (sessions, rate limits) is a 503; everything else becomes a generic 500, so no stack trace or
 * internal detail reaches the client.
 */
export function toApiError(exception: unknown): ApiError {
  if (exception instanceof ApiError) return exception;
  if (isRedisUnavailable(exception) || isTransientError(exception)) return ApiErrors.serviceUnavailable();
  if (!(exception instanceof HttpException)) return ApiErrors.internal();
  const status = exception.getStatus();
  switch (status) {
    case HttpStatus.BAD_REQUEST:
      return ApiErrors.validation(exception.cause instanceof SyntaxError ? MALFORMED_JSON_MESSAGE : exception.message);
    case HttpStatus.UNAUTHORIZED:
      return ApiErrors.unauthenticated();
    case HttpStatus.FORBIDDEN:
      return ApiErrors.forbidden();
    case HttpStatus.NOT_FOUND:
      return ApiErrors.notFound();
    case HttpStatus.PAYLOAD_TOO_LARGE:
      return ApiErrors.payloadTooLarge();
    case HttpStatus.SERVICE_UNAVAILABLE:
      return ApiErrors.serviceUnavailable();
    default:
      // Other client errors (405, 415, ...) keep their status; their messages are written for clients.
      return status >= 400 && status < 500
        ? new ApiError(status, ErrorCodes.validationFailed, exception.message)
        : ApiErrors.internal();
  }
}

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const error = toApiError(exception);
    if (error.statusCode >= 500 && !(exception instanceof ApiError)) {
      const unavailable = error.code === ErrorCodes.serviceUnavailable;
      this.logger[unavailable ? 'warn' : 'error'](
        { err: exception, correlationId: request.correlationId },
        unavailable ? 'dependency unavailable' : 'unhandled error',
      );
    }
    if (response.headersSent) {
      response.end();
      return;
    }
    response.set(error.headers).status(error.statusCode).json(error.toBody());
  }
}
