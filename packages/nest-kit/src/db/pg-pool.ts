import pg from 'pg';
import type { Logger } from 'pino';
import { MetricNames, processGauge } from '../metrics/metrics.js';

/**
 * How long a query waits for a connection before failing. While the database is unreachable a
 * request then fails fast as COMMON.SERVICE_UNAVAILABLE instead of hanging until the caller's
 * timeout; pg's default is to wait for ever.
 */
export const DATABASE_CONNECT_TIMEOUT_MS = 2_000;

/** The pool settings every pg pool of the platform shares, for `max` connections. */
export function pgPoolConfig(databaseUrl: string, max: number): pg.PoolConfig {
  return { connectionString: databaseUrl, max, connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS };
}

/**
 * A pg pool that survives its database going away (a restart, a failover, `pg_terminate_backend`,
 * a cut network). pg emits `error` on the pool when an idle connection drops, and on the client
 * itself when one checked out with `pool.connect()` drops between two queries (a relay holding its
 * transaction while it publishes); either, unheard, kills the process. Each is logged once here:
 * the holder's next query fails, the pool discards the connection and opens a new one on demand, so
 * the service recovers by itself once the database is back.
 */
export function createPgPool(options: { databaseUrl: string; max: number; logger: Logger; name: string }): pg.Pool {
  // The pool's name as application_name, so pg_stat_activity says which pool holds a connection (an
  // application_name in the URL still wins).
  const pool = new pg.Pool({ ...pgPoolConfig(options.databaseUrl, options.max), application_name: options.name });
  const logger = options.logger.child({ pool: options.name });
  pool.on('connect', (client) =>
    client.on('error', (error) => logger.warn({ err: error }, 'database connection dropped')),
  );
  // The pool re-emits an idle connection's error, already logged by the connection's own listener.
  pool.on('error', () => undefined);
  measurePool(pool, options.name);
  return pool;
}

/** The pools of this process by name, for `pg_pool_connections`; ended pools leave at the next scrape. */
const measuredPools = new Map<pg.Pool, string>();

function measurePool(pool: pg.Pool, name: string): void {
  measuredPools.set(pool, name);
  processGauge(
    MetricNames.pgPoolConnections,
    'Connections of the pg pools by pool (prisma, relays) and state: total open, idle, and queries waiting for one',
    (gauge) => {
      gauge.reset();
      for (const [measured, pool] of measuredPools) {
        if (measured.ended) {
          measuredPools.delete(measured);
          continue;
        }
        gauge.inc({ pool, state: 'total' }, measured.totalCount);
        gauge.inc({ pool, state: 'idle' }, measured.idleCount);
        gauge.inc({ pool, state: 'waiting' }, measured.waitingCount);
      }
    },
  );
}

/**
 * The arguments of `new PrismaPg(pool, options)` for a service's Prisma client: a pool of its own
 * (`createPgPool`: size, connect timeout, dropped idle connections logged, measured as `prisma`),
 * which the adapter ends when Prisma disconnects, and a dropped connection of a transaction logged.
 */
export function prismaPgArguments(options: {
  databaseUrl: string;
  poolSize: number;
  logger: Logger;
}): [pg.Pool, { disposeExternalPool: true; onConnectionError: (error: Error) => void }] {
  const logger = options.logger.child({ component: 'prisma' });
  const pool = createPgPool({ databaseUrl: options.databaseUrl, max: options.poolSize, logger, name: 'prisma' });
  return [
    pool,
    {
      disposeExternalPool: true,
      onConnectionError: (error) => logger.warn({ err: error }, 'database connection of a transaction dropped'),
    },
  ];
}
