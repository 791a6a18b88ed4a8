/**
 * The relays' pool, the one pool of a service's background database work (the event kit's, shared
 * by the mail kit): the outbox relay holds a transaction open on one connection while it publishes a
 * batch; the mail relay's single statements (claim a batch, mark each sent), the event pruner and
 * the outbox metrics query take turns on the other.
 */
export const RELAYS_POOL_SIZE = 2;

/** The Prisma pool's floor: a transaction in flight and the health check's probe at once. */
export const MIN_PRISMA_POOL_SIZE = 2;

/** DATABASE_CONNECTIONS when unset (local runs; the overlays set it). */
export const DEFAULT_DATABASE_CONNECTIONS = 10;

/** What a service holds besides its Prisma pool and the relays' pool (every service has both). */
export interface DatabaseUses {
  /** Its background jobs that hold an advisory lock on a connection of its own (`AdvisoryLease`) while they run. */
  leases: number;
}

/** One process's connections to its database by user; they add up to DATABASE_CONNECTIONS. */
export interface DatabaseConnections {
  prisma: number;
  relays: number;
  leases: number;
}

/**
 * Splits DATABASE_CONNECTIONS, the most one process opens to its database, between its users: the
 * relays' pool and the lock connections first, the rest to Prisma. So the connection budget
 * (docs/operations.md, "Connection budget") multiplies one number by the replicas. A string names
 * the problem when `total` leaves Prisma less than its floor.
 */
export function splitDatabaseConnections(total: number, uses: DatabaseUses): DatabaseConnections | string {
  const relays = RELAYS_POOL_SIZE;
  const prisma = total - relays - uses.leases;
  if (prisma < MIN_PRISMA_POOL_SIZE) {
    const needed = total - prisma + MIN_PRISMA_POOL_SIZE;
    return `${total} connections do not cover this service's relays (${relays}) and lock (${uses.leases}) connections and a Prisma pool of ${MIN_PRISMA_POOL_SIZE}: set at least ${needed}`;
  }
  return { prisma, relays, leases: uses.leases };
}
