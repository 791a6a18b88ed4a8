import { actorVerifyEnvShape, loadConfig, serviceEnvSchema, serviceRuntime } from '@medtutor/nest-kit';
import type { z } from 'zod';

/** Nest injection token for the parsed `ReviewsConfig`. */
export const REVIEWS_CONFIG = Symbol('REVIEWS_CONFIG');

export const ReviewsEnvSchema = serviceEnvSchema('REVIEWS_DATABASE_URL')
  .extend(actorVerifyEnvShape)
  .transform((env, ctx) => serviceRuntime(env, ctx, { variable: 'REVIEWS_DATABASE_URL', leases: 0 }));

export type ReviewsConfig = z.output<typeof ReviewsEnvSchema>;

export const loadReviewsConfig = (env: NodeJS.ProcessEnv = process.env): ReviewsConfig =>
  loadConfig(ReviewsEnvSchema, env);
