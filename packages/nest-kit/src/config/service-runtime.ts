import type { KeyObject } from 'node:crypto';
import type { z } from 'zod';
import {
  DEFAULT_DATABASE_CONNECTIONS,
  type DatabaseConnections,
  type DatabaseUses,
  splitDatabaseConnections,
} from '../db/connection-budget.js';
import { checkDatabaseTls } from '../db/database-tls.js';
import { natsCredentials, type NatsEnv, natsTls, type NatsTlsEnv } from '../nats/nats-connection.js';
import { checkActorKeysEnv } from '../rpc/actor-assertion.js';
import { refusePlaceholders } from './placeholders.js';

/** What `serviceEnvSchema(...).extend(actorVerifyEnvShape)` parses, for `serviceRuntime`. */
interface ServiceEnv extends NatsEnv, NatsTlsEnv {
  LOG_LEVEL: string;
  HEALTH_PORT?: number | undefined;
  ACTOR_VERIFY_KEYS: readonly KeyObject[];
  DB_AUTO_CREATE: boolean;
  MIGRATE_ON_START: boolean;
  DATABASE_CONNECTIONS?: number | undefined;
  EVENT_RETENTION_DAYS: number;
}

/**
 * The settings every service's config returns (see `ServiceRuntimeConfig`), from its parsed env and
 * its own database URL (`database.variable`), with the NATS credential, actor key, placeholder and
 * database TLS checks, and DATABASE_CONNECTIONS split between the database's users (`database`
 * says which this service has). Call it in the transform.
 */
export function serviceRuntime<V extends string, E extends ServiceEnv & Record<V, string>>(
  env: E,
  ctx: z.RefinementCtx,
  database: DatabaseUses & { variable: V },
) {
  checkActorKeysEnv(env, ctx);
  refusePlaceholders(env, ctx);
  const databaseUrl = env[database.variable];
  const tlsProblem = checkDatabaseTls(databaseUrl, env.NODE_ENV === 'production');
  if (tlsProblem) ctx.addIssue({ code: 'custom', path: [database.variable], message: tlsProblem });
  const total = env.DATABASE_CONNECTIONS ?? DEFAULT_DATABASE_CONNECTIONS;
  const split = splitDatabaseConnections(total, database);
  if (typeof split === 'string') ctx.addIssue({ code: 'custom', path: ['DATABASE_CONNECTIONS'], message: split });
  return {
    nodeEnv: env.NODE_ENV as E['NODE_ENV'],
    logLevel: env.LOG_LEVEL as E['LOG_LEVEL'],
    natsUrl: env.NATS_URL,
    natsCredentials: natsCredentials(env, ctx),
    natsTls: natsTls(env, ctx),
    healthPort: env.HEALTH_PORT,
    actorVerifyKeys: env.ACTOR_VERIFY_KEYS,
    databaseUrl,
    dbAutoCreate: env.DB_AUTO_CREATE,
    migrateOnStart: env.MIGRATE_ON_START,
    // With an issue added zod discards the result: the fallback never reaches a pool.
    databaseConnections: typeof split === 'string' ? unusedConnections : split,
    eventRetentionDays: env.EVENT_RETENTION_DAYS,
  };
}

const unusedConnections: DatabaseConnections = { prisma: 0, relays: 0, leases: 0 };
