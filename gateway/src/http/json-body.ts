import express, { type Request, type RequestHandler } from 'express';
import { ApiError, ApiErrors, MALFORMED_JSON_MESSAGE } from '../filters/api-error.js';

/**
 * A body that could not be read (not JSON, too large, bad charset), kept on `req.body` instead of
 * being answered at once: `parseBody` throws it when a route reads the body, which is after the
 * route's guards, so a student's bad body to an admin route gets 403 like any other request of theirs.
 */
export class UnreadableBody {
  constructor(readonly error: ApiError) {}
}

/** body-parser's errors (http-errors with a `type`) as the gateway's own. */
export function bodyParserError(error: unknown): ApiError {
  const { type, status } = error as { type?: string; status?: number };
  switch (type) {
    case 'entity.parse.failed':
      return ApiErrors.validation(MALFORMED_JSON_MESSAGE);
    case 'entity.too.large':
      return ApiErrors.payloadTooLarge();
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return ApiErrors.unsupportedMediaType();
    default:
      return status === 413 ? ApiErrors.payloadTooLarge() : ApiErrors.validation(MALFORMED_JSON_MESSAGE);
  }
}

const hasBody = (req: Request): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * The JSON body parser: a body of another media type is refused with 415 (it used to be ignored and
 * read as `{}`); an empty body stays undefined. Failures are deferred as an `UnreadableBody`.
 */
export function jsonBody(limit: string): RequestHandler {
  const parse = express.json({ limit });
  return (req, res, next) => {
    // A body another parser already read (the provider webhook's raw bytes) is left alone.
    if ((req as Request & { _body?: boolean })._body || !hasBody(req)) return next();
    if (!req.is('application/json')) {
      req.body = new UnreadableBody(ApiErrors.unsupportedMediaType());
      // Nothing will read it: let Node discard it rather than keep the socket waiting.
      req.resume();
      return next();
    }
    parse(req, res, (error?: unknown) => {
      if (error) req.body = new UnreadableBody(bodyParserError(error));
      next();
    });
  };
}
