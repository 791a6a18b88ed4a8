import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Short, printable and free of separators, so a client-supplied id cannot forge log lines or headers. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** The incoming id when it is sane (one value, ≤ 128 safe characters), otherwise undefined. */
export function sanitizeRequestId(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && SAFE_REQUEST_ID.test(value) ? value : undefined;
}

/** Gives every request a correlation id, echoed to the client and carried in each NATS message. */
export const correlationId = (): RequestHandler => (req, res, next) => {
  const id = sanitizeRequestId(req.headers[REQUEST_ID_HEADER]) ?? randomUUID();
  req.correlationId = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  next();
};

declare module 'express-serve-static-core' {
  interface Request {
    correlationId: string;
  }
}
