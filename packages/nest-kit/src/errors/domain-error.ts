import { ErrorCodes, type ErrorCode, type RpcError, ServerMessages } from '@medtutor/contracts';

/** A failure the caller can act on. Carries a stable code; the gateway alone maps it to HTTP. */
export class DomainError extends Error {
  override name = 'DomainError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  toRpcError(): RpcError {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

export const notFound = (message: string = ServerMessages.notFound) => new DomainError(ErrorCodes.notFound, message);
export const forbidden = (message: string = ServerMessages.forbidden) => new DomainError(ErrorCodes.forbidden, message);
export const unauthenticated = () => new DomainError(ErrorCodes.unauthenticated, ServerMessages.unauthenticated);
