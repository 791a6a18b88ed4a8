import { loadConfig, serviceEnvSchema } from '@medtutor/nest-kit';
import { normaliseDiscountCode } from '@medtutor/contracts';
import { z } from 'zod';

/** A pre-existing code named in configuration (spec section 9); unset means not seeded. */
const seedCode = z
  .string()
  .transform(normaliseDiscountCode)
  .pipe(z.string().regex(/^[A-Z0-9-]{4,32}$/, 'must be 4–32 letters, digits or dashes'))
  .optional();

/** Nest injection token for the parsed `CatalogPaymentsConfig`. */
export const CATALOG_PAYMENTS_CONFIG = Symbol('CATALOG_PAYMENTS_CONFIG');

export const CatalogPaymentsEnvSchema = serviceEnvSchema('PAYMENTS_DATABASE_URL')
  .extend({ DISCOUNT_CODE_SEED_30: seedCode, DISCOUNT_CODE_SEED_1: seedCode })
  .refine((env) => !env.DISCOUNT_CODE_SEED_30 || env.DISCOUNT_CODE_SEED_30 !== env.DISCOUNT_CODE_SEED_1, {
    message: 'must differ from DISCOUNT_CODE_SEED_30 (one code cannot be worth both £30 and £1)',
    path: ['DISCOUNT_CODE_SEED_1'],
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    natsUrl: env.NATS_URL,
    healthPort: env.HEALTH_PORT,
    databaseUrl: env.PAYMENTS_DATABASE_URL,
    dbAutoCreate: env.DB_AUTO_CREATE,
    jetstreamReplicas: env.JETSTREAM_REPLICAS,
    /** The spec's two pre-existing codes: one worth £30, one worth £1 (for testing). */
    discountCodeSeeds: [
      ...(env.DISCOUNT_CODE_SEED_30 ? [{ code: env.DISCOUNT_CODE_SEED_30, discountPounds: 30 }] : []),
      ...(env.DISCOUNT_CODE_SEED_1 ? [{ code: env.DISCOUNT_CODE_SEED_1, discountPounds: 1 }] : []),
    ],
  }));

export type CatalogPaymentsConfig = z.output<typeof CatalogPaymentsEnvSchema>;

export const loadCatalogPaymentsConfig = (env: NodeJS.ProcessEnv = process.env): CatalogPaymentsConfig =>
  loadConfig(CatalogPaymentsEnvSchema, env);
