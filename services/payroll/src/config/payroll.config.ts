import {
  actorVerifyEnvShape,
  checkActorKeysEnv,
  loadConfig,
  natsCredentials,
  serviceEnvSchema,
} from '@medtutor/nest-kit';
import type { z } from 'zod';

/** Nest injection token for the parsed `PayrollConfig`. */
export const PAYROLL_CONFIG = Symbol('PAYROLL_CONFIG');

export const PayrollEnvSchema = serviceEnvSchema('PAYROLL_DATABASE_URL')
  .extend(actorVerifyEnvShape)
  .superRefine(checkActorKeysEnv)
  .transform((env, ctx) => ({
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    natsUrl: env.NATS_URL,
    natsCredentials: natsCredentials(env, ctx),
    healthPort: env.HEALTH_PORT,
    actorVerifyKeys: env.ACTOR_VERIFY_KEYS,
    databaseUrl: env.PAYROLL_DATABASE_URL,
    dbAutoCreate: env.DB_AUTO_CREATE,
    jetstreamReplicas: env.JETSTREAM_REPLICAS,
  }));

export type PayrollConfig = z.output<typeof PayrollEnvSchema>;

export const loadPayrollConfig = (env: NodeJS.ProcessEnv = process.env): PayrollConfig =>
  loadConfig(PayrollEnvSchema, env);
