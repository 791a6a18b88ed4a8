import { loadConfig, serviceEnvSchema } from '@medtutor/nest-kit';
import type { z } from 'zod';

/** Nest injection token for the parsed `TutoringConfig`. */
export const TUTORING_CONFIG = Symbol('TUTORING_CONFIG');

export const TutoringEnvSchema = serviceEnvSchema('TUTORING_DATABASE_URL').transform((env) => ({
  nodeEnv: env.NODE_ENV,
  logLevel: env.LOG_LEVEL,
  natsUrl: env.NATS_URL,
  healthPort: env.HEALTH_PORT,
  databaseUrl: env.TUTORING_DATABASE_URL,
  dbAutoCreate: env.DB_AUTO_CREATE,
  jetstreamReplicas: env.JETSTREAM_REPLICAS,
}));

export type TutoringConfig = z.output<typeof TutoringEnvSchema>;

export const loadTutoringConfig = (env: NodeJS.ProcessEnv = process.env): TutoringConfig =>
  loadConfig(TutoringEnvSchema, env);
