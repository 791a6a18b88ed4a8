import {
  ErrorCodes,
  HttpStatusByCode,
  isErrorCode,
  OverloadedDetailsSchema,
  RpcErrorSchema,
} from '@medtutor/contracts';
import { natsReconnectOptions } from '@medtutor/nest-kit';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception.js';
import { ApiError, ApiErrors } from '../filters/api-error.js';

/**
 * Errors meaning "nobody answered": the rxjs timeout, NATS.js connection states and no-responders.
 * Matched by name because Nest loads NATS.js through `require`, a different module instance from ours.
 */
const UNAVAILABLE_ERROR_NAMES = new Set([
  'TimeoutError',
  'NoResponders',
  'ConnectionError',
  'ClosedConnectionError',
  'DrainingConnectionError',
]);

/**
 * A failure that says the service cannot answer (COMMON.SERVICE_UNAVAILABLE): what the circuit
 * breaker counts. A service's own answers, COMMON.OVERLOADED load shedding included, do not count.
 */
export const isUnavailable = (error: unknown): boolean =>
  error instanceof ApiError && error.code === ErrorCodes.serviceUnavailable;

/**
 * How long after the gateway's own NATS connection comes back that a silent service is still the
 * broker's fault: each service reconnects on its own schedule (natsReconnectOptions: every second
 * plus up to half a second of jitter, later on a busy machine), and until it has, its subjects have
 * no responders. Three of its attempts.
 */
export const SERVICES_RECONNECT_GRACE_MS =
  3 * (natsReconnectOptions.reconnectTimeWait + natsReconnectOptions.reconnectJitter);

/** The gateway's NATS connection as the circuit breakers see it. */
export interface BrokerConnection {
  connected: boolean;
  /** When the connection came back after it was lost; undefined if it was never lost. */
  backSince?: number | undefined;
}

/**
 * Whether a failure counts against the service in its circuit breaker: an unavailable answer, unless
 * the gateway's own connection is down or came back less than SERVICES_RECONNECT_GRACE_MS ago. Every
 * service looks silent then through no fault of its own, and counting it would keep their circuits
 * open after the broker is back.
 */
export const blamesService = (error: unknown, broker: BrokerConnection, now: number): boolean =>
  isUnavailable(error) &&
  broker.connected &&
  (broker.backSince === undefined || now - broker.backSince >= SERVICES_RECONNECT_GRACE_MS);

/** Why a request over NATS failed, as the HTTP error the client gets. */
export function mapRpcFailure(error: unknown): ApiError {
  if (isServiceUnavailable(error)) return ApiErrors.serviceUnavailable();
  // A service's answer arrives as a plain object; errors thrown locally are Error instances.
  const rpcError = error instanceof Error ? undefined : RpcErrorSchema.safeParse(error).data;
  if (!rpcError || !isErrorCode(rpcError.code)) return ApiErrors.internal();
  // Load shed by a service that is up: its own 503 with Retry-After, which the circuit breaker does
  // not count (only COMMON.SERVICE_UNAVAILABLE does), so a flood on one route leaves the rest open.
  if (rpcError.code === ErrorCodes.overloaded) {
    return ApiErrors.overloaded(OverloadedDetailsSchema.safeParse(rpcError.details).data?.retryAfterSeconds ?? 1);
  }
  const status = HttpStatusByCode[rpcError.code];
  if (status === 503) return ApiErrors.serviceUnavailable();
  // Other 5xx codes in the table (a payment provider's outage: 502) carry a message meant for users;
  // a 500 is a fault whose detail stays in the service's log.
  if (status === 500) return ApiErrors.internal();
  return new ApiError(status, rpcError.code, rpcError.message);
}

function isServiceUnavailable(error: unknown): boolean {
  if (error instanceof EmptyResponseException) return true;
  // Nest's NATS client rejects with a bare string while it reconnects, and "Connection closed" once closed.
  if (typeof error === 'string') return true;
  return error instanceof Error && (UNAVAILABLE_ERROR_NAMES.has(error.name) || error.message === 'Connection closed');
}
