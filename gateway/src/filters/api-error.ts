import {
  type ApiErrorBody,
  type ErrorCode,
  ErrorCodes,
  type FieldError,
  HttpStatusByCode,
  ServerMessages,
  TutorDeactivationMessages,
} from '@medtutor/contracts';

/** Answered when the body is not JSON; the parser's own text would echo the input back. */
export const MALFORMED_JSON_MESSAGE = 'Request body is not valid JSON';

/** An error the gateway answers as `{ statusCode, code, message, errors? }`, with optional extra headers. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
    /** Every invalid field of a 400, the first being `message`'s. */
    readonly errors?: readonly FieldError[],
  ) {
    super(message);
  }

  static of(code: ErrorCode, message: string, headers?: Record<string, string>): ApiError {
    return new ApiError(HttpStatusByCode[code], code, message, headers);
  }

  toBody(): ApiErrorBody {
    const body: ApiErrorBody = { statusCode: this.statusCode, code: this.code, message: this.message };
    return this.errors ? { ...body, errors: [...this.errors] } : body;
  }
}

export const ApiErrors = {
  validation: (message: string, errors?: readonly FieldError[]) =>
    new ApiError(HttpStatusByCode[ErrorCodes.validationFailed], ErrorCodes.validationFailed, message, {}, errors),
  unauthenticated: () => ApiError.of(ErrorCodes.unauthenticated, ServerMessages.unauthenticated),
  /** A dismissed tutor's session, ended by the gateway: not signed in any more, and told why (issue 24). */
  sessionEndedByDeactivation: () => ApiError.of(ErrorCodes.unauthenticated, TutorDeactivationMessages.deactivated),
  forbidden: () => ApiError.of(ErrorCodes.forbidden, ServerMessages.forbidden),
  notFound: () => ApiError.of(ErrorCodes.notFound, ServerMessages.notFound),
  rateLimited: (retryAfterSeconds: number) =>
    ApiError.of(ErrorCodes.rateLimited, ServerMessages.rateLimited, {
      'Retry-After': String(Math.max(1, retryAfterSeconds)),
    }),
  payloadTooLarge: () => ApiError.of(ErrorCodes.payloadTooLarge, ServerMessages.payloadTooLarge),
  unsupportedMediaType: () => ApiError.of(ErrorCodes.unsupportedMediaType, ServerMessages.unsupportedMediaType),
  methodNotAllowed: (allowed: readonly string[]) =>
    ApiError.of(ErrorCodes.methodNotAllowed, ServerMessages.methodNotAllowed, { Allow: allowed.join(', ') }),
  /** With `retryAfterSeconds` when the gateway knows when trying again makes sense (an open circuit). */
  serviceUnavailable: (retryAfterSeconds?: number) =>
    ApiError.of(
      ErrorCodes.serviceUnavailable,
      ServerMessages.serviceUnavailable,
      retryAfterSeconds === undefined ? {} : { 'Retry-After': String(retryAfterSeconds) },
    ),
  /** A service shed the request to protect the rest (COMMON.OVERLOADED): 503 with when to try again. */
  overloaded: (retryAfterSeconds: number) =>
    ApiError.of(ErrorCodes.overloaded, ServerMessages.overloaded, {
      'Retry-After': String(Math.max(1, retryAfterSeconds)),
    }),
  internal: () => ApiError.of(ErrorCodes.internal, ServerMessages.internal),
};
