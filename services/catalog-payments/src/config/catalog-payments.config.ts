import { loadConfig, serviceEnvSchema } from '@medtutor/nest-kit';
import type { z } from 'zod';

/** Nest injection token for the parsed `CatalogPaymentsConfig`. */
export const CATALOG_PAYMENTS_CONFIG = Symbol('CATALOG_PAYMENTS_CONFIG');

export const CatalogPaymentsEnvSchema = serviceEnvSchema('PAYMENTS_DATABASE_URL').transform((env) => ({
  nodeEnv: env.NODE_ENV,
  logLevel: env.LOG_LEVEL,
  natsUrl: env.NATS_URL,
  healthPort: env.HEALTH_PORT,
  databaseUrl: env.PAYMENTS_DATABASE_URL,
  dbAutoCreate: env.DB_AUTO_CREATE,
  jetstreamReplicas: env.JETSTREAM_REPLICAS,
}));

export type CatalogPaymentsConfig = z.output<typeof CatalogPaymentsEnvSchema>;

export const loadCatalogPaymentsConfig = (env: NodeJS.ProcessEnv = process.env): CatalogPaymentsConfig =>
  loadConfig(CatalogPaymentsEnvSchema, env);
