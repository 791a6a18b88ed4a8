import {
  actorVerifyEnvShape,
  checkActorKeysEnv,
  loadConfig,
  natsCredentials,
  serviceEnvSchema,
} from '@medtutor/nest-kit';
import type { z } from 'zod';

/** Nest injection token for the parsed `ReviewsConfig`. */
export const REVIEWS_CONFIG = Symbol('REVIEWS_CONFIG');

export const ReviewsEnvSchema = serviceEnvSchema('REVIEWS_DATABASE_URL')
  .extend(actorVerifyEnvShape)
  .superRefine(checkActorKeysEnv)
  .transform((env, ctx) => ({
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    natsUrl: env.NATS_URL,
    natsCredentials: natsCredentials(env, ctx),
    healthPort: env.HEALTH_PORT,
    actorVerifyKeys: env.ACTOR_VERIFY_KEYS,
    databaseUrl: env.REVIEWS_DATABASE_URL,
    dbAutoCreate: env.DB_AUTO_CREATE,
    jetstreamReplicas: env.JETSTREAM_REPLICAS,
  }));

export type ReviewsConfig = z.output<typeof ReviewsEnvSchema>;

export const loadReviewsConfig = (env: NodeJS.ProcessEnv = process.env): ReviewsConfig =>
  loadConfig(ReviewsEnvSchema, env);
