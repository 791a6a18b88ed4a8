/**
 * The outbox relay's pool: the relay holds a transaction open while it publishes a batch, and the
 * event pruner and the outbox metrics query run beside it.
 */
export const OUTBOX_POOL_SIZE = 2;

/** The mail relay's pool: single statements (claim a batch, mark each sent), no held transaction. */
export const MAIL_POOL_SIZE = 1;

/** The Prisma pool's floor: a transaction in flight and the health check's probe at once. */
export const MIN_PRISMA_POOL_SIZE = 2;

/** DATABASE_CONNECTIONS when unset (local runs; the overlays set it). */
export const DEFAULT_DATABASE_CONNECTIONS = 10;

/** What a service holds besides its Prisma pool: the outbox (every service), mail, advisory locks. */
export interface DatabaseUses {
  /** It sends email (a mail relay of its own). */
  mail: boolean;
  /** Its background jobs that hold an advisory lock on a connection of its own (`AdvisoryLease`) while they run. */
  leases: number;
}

/** One process's connections to its database by user; they add up to DATABASE_CONNECTIONS. */
export interface DatabaseConnections {
  prisma: number;
  outbox: number;
  mail: number;
  leases: number;
}

/**
 * Splits DATABASE_CONNECTIONS, the most one process opens to its database, between its users: the
 * fixed pools and lock connections first, the rest to Prisma. So the connection budget
 * (docs/operations.md, "Connection budget") multiplies one number by the replicas. A string names
 * the problem when `total` leaves Prisma less than its floor.
 */
export function splitDatabaseConnections(total: number, uses: DatabaseUses): DatabaseConnections | string {
  const outbox = OUTBOX_POOL_SIZE;
  const mail = uses.mail ? MAIL_POOL_SIZE : 0;
  const prisma = total - outbox - mail - uses.leases;
  if (prisma < MIN_PRISMA_POOL_SIZE) {
    const needed = total - prisma + MIN_PRISMA_POOL_SIZE;
    return `${total} connections do not cover this service's outbox (${outbox}), mail (${mail}) and lock (${uses.leases}) connections and a Prisma pool of ${MIN_PRISMA_POOL_SIZE}: set at least ${needed}`;
  }
  return { prisma, outbox, mail, leases: uses.leases };
}
