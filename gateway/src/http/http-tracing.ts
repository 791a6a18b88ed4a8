import { platformTracer, redactSecrets } from '@medtutor/nest-kit';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_PATH,
} from '@opentelemetry/semantic-conventions';
import type { RequestHandler } from 'express';

/** Polled every few seconds by Kubernetes: a trace each would bury the real traffic. */
const PROBE_PATHS = new Set(['/healthz', '/readyz']);

/** The correlation id (`x-request-id`) on the span, so a trace and the access log find each other. */
const CORRELATION_ID_ATTRIBUTE = 'medtutor.correlation_id';

/**
 * A SERVER span around each request (the probes aside), active for all the request runs: its RPCs
 * continue the trace and its log lines carry the trace id. Every request starts a new trace: the
 * gateway is the public edge, so a client's own `traceparent` is not trusted. The span is named
 * after the route Nest matched (`POST /api/consultations`), never after ids in the path.
 */
export const httpTracing = (): RequestHandler => (req, res, next) => {
  if (PROBE_PATHS.has(req.path)) return next();
  const span = platformTracer().startSpan(req.method, {
    kind: SpanKind.SERVER,
    root: true,
    // The path may itself be a secret (a calendar feed's token): redacted like the access log's.
    attributes: { [ATTR_HTTP_REQUEST_METHOD]: req.method, [ATTR_URL_PATH]: redactSecrets(req.path) },
  });
  res.once('close', () => {
    const route = (req.route as { path?: unknown } | undefined)?.path;
    if (typeof route === 'string') {
      span.updateName(`${req.method} ${route}`);
      span.setAttribute(ATTR_HTTP_ROUTE, route);
    }
    span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, res.statusCode);
    if (req.correlationId) span.setAttribute(CORRELATION_ID_ATTRIBUTE, req.correlationId);
    if (res.statusCode >= 500) {
      span.setAttribute(ATTR_ERROR_TYPE, String(res.statusCode));
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  });
  context.with(trace.setSpan(context.active(), span), next);
};
