import type { KeyObject } from 'node:crypto';
import type { z } from 'zod';
import { connectionLimitOf, DEFAULT_DATABASE_POOL_SIZE } from '../db/pg-pool.js';
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
  DATABASE_POOL_SIZE?: number | undefined;
  EVENT_RETENTION_DAYS: number;
}

/**
 * The settings every service's config returns (see `ServiceRuntimeConfig`), from its parsed env and
 * its own database URL, with the NATS credential, actor key and placeholder checks. Call it in the
 * transform.
 */
export function serviceRuntime<E extends ServiceEnv>(env: E, ctx: z.RefinementCtx, databaseUrl: string) {
  checkActorKeysEnv(env, ctx);
  refusePlaceholders(env, ctx);
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
    databasePoolSize: env.DATABASE_POOL_SIZE ?? connectionLimitOf(databaseUrl) ?? DEFAULT_DATABASE_POOL_SIZE,
    eventRetentionDays: env.EVENT_RETENTION_DAYS,
  };
}
