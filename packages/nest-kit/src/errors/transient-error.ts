/**
 * Whether a failure says "the database, the broker or the network is not there right now" rather
 * than "this request is wrong": retrying later may succeed. The event consumers retry such a failure
 * for as long as it lasts (never dead-letter it) and the RPC error filter answers it as
 * COMMON.SERVICE_UNAVAILABLE (503) instead of a 500.
 *
 * Recognised, anywhere along the `cause` chain:
 * - Prisma: connection and timeout codes, and driver-adapter errors (Prisma 7 with @prisma/adapter-pg
 *   wraps them as P2010 with `meta.driverAdapterError.cause.kind`);
 * - pg and Node sockets: connection-exception SQLSTATEs, admin or crash shutdown, too many clients,
 *   serialization failures and deadlocks, refused/reset/timed-out sockets and DNS failures;
 * - NATS: timeouts, no responders and connection states.
 */
export function isTransientError(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === 'object' && !seen.has(current);) {
    seen.add(current);
    if (isTransientHere(current as ErrorLike)) return true;
    current = (current as ErrorLike).cause;
  }
  return false;
}

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: unknown; code?: unknown; originalCode?: unknown } } };
}

/** P1001 unreachable, P1002 timed out, P1008 operation timed out, P1017 connection closed,
 *  P2024 no pool connection in time, P2028 transaction closed under it, P2034 write conflict/deadlock. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028', 'P2034']);

const DRIVER_ADAPTER_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
  'TransactionWriteConflict',
  'TransactionAlreadyClosed',
]);

/** Class 08 (connection exception) is matched by prefix; these are the others worth a retry. */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '40001', '40P01']);

const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

const NATS_ERROR_NAMES = new Set([
  'TimeoutError',
  'NoResponders',
  'ConnectionError',
  'ClosedConnectionError',
  'DrainingConnectionError',
]);

/** pg's own messages for a connection lost or never made, which carry no code. */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

function isTransientHere(error: ErrorLike): boolean {
  const code = typeof error.code === 'string' ? error.code : undefined;
  if (code && (PRISMA_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code))) {
    return true;
  }
  const adapterCause = error.meta?.driverAdapterError?.cause;
  if (adapterCause) {
    if (DRIVER_ADAPTER_KINDS.has(String(adapterCause.kind))) return true;
    const sqlState = String(adapterCause.originalCode ?? adapterCause.code ?? '');
    if (SQLSTATES.has(sqlState) || sqlState.startsWith('08')) return true;
  }
  if (typeof error.name === 'string' && NATS_ERROR_NAMES.has(error.name)) return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return PG_CONNECTION_MESSAGES.some((text) => message.startsWith(text));
}
