/** ioredis' rejection of a command sent while disconnected with `enableOfflineQueue: false`. */
export const OFFLINE_COMMAND_REFUSED = "Stream isn't writeable and enableOfflineQueue options is false";

/**
 * ioredis' ways of saying Redis is not there right now (it reconnects by itself): a command sent
 * while disconnected (no offline queue: redis.module.ts), one given up after the reconnect attempts
 * it may wait for, one on a closed connection, one without a reply in time, and Redis refusing
 * writes because it is full (`maxmemory` with `noeviction`, infra/README.md).
 */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.message === OFFLINE_COMMAND_REFUSED ||
    error.name === 'MaxRetriesPerRequestError' ||
    error.message === 'Connection is closed.' ||
    error.message === 'Command timed out' ||
    error.message.startsWith('OOM ')
  );
}
