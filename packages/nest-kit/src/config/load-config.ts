import { StreamLimits } from '../events/streams.js';
import { z } from 'zod';

/**
 * Parses the environment against a zod schema and stops the process at start with every problem
 * listed, so a bad deployment fails loudly instead of half-working.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  - ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const NodeEnvSchema = z.enum(['development', 'test', 'production']).default('development');

const postgresUrl = z
  .string()
  .url()
  .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgresql:// URL');

const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * The process's NATS user and password (infra/nats/authorization.conf); pass the parsed env to
 * `natsCredentials` in the config's transform, which checks that they come together.
 */
export const natsEnvShape = {
  /** Also the prefix of its reply inboxes (`_INBOX.<user>`), hence one subject token. */
  NATS_USER: unsetWhenEmpty(z.string().regex(/^[a-z][a-z0-9-]{0,63}$/, 'must be a NATS user name such as identity')),
  /** The server reads it as a config value (`$NATS_<USER>_PASSWORD`): a leading letter keeps it a string. */
  NATS_PASSWORD: unsetWhenEmpty(
    z
      .string()
      .min(16, 'must be at least 16 characters')
      .regex(/^[A-Za-z][\w-]*$/, 'must start with a letter and hold only letters, digits, - and _'),
  ),
  /**
   * The CA (PEM) that signed the NATS servers' certificates, with `tls://` servers in NATS_URL
   * (production: the internal cert-manager CA, mounted by infra/k8s/overlays/prod).
   */
  NATS_CA_FILE: unsetWhenEmpty(z.string().regex(/^\//, 'must be an absolute path to a PEM file')),
};

/** The variables every microservice reads; `databaseVar` names its own database URL. */
export function serviceEnvSchema<K extends string>(databaseVar: K) {
  return z.object({
    NODE_ENV: NodeEnvSchema,
    NATS_URL: z.string().default('nats://127.0.0.1:4222'),
    ...natsEnvShape,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace']).default('info'),
    /** Port of the small HTTP server for Kubernetes probes; unset locally. */
    HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** Creating the database is convenient locally; managed databases in production already exist. */
    DB_AUTO_CREATE: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true'),
    /**
     * Applying the migrations at start suits one process per database (`npm start`, compose). Off
     * where a Job applies them before the rollout (Kubernetes): the service then waits until its
     * database has every migration it ships, and never changes the schema itself.
     */
    MIGRATE_ON_START: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
    /**
     * The most connections one process opens to its database, all pools and locks together
     * (`splitDatabaseConnections`); DEFAULT_DATABASE_CONNECTIONS (10) when unset. Replicas times this
     * is what the connection budget counts (docs/operations.md, "Connection budget").
     */
    DATABASE_CONNECTIONS: unsetWhenEmpty(z.coerce.number().int().min(1).max(100)),
    /**
     * Days processed outbox and inbox rows stay in the service's database: the same number as the
     * streams' retention that `npm run events -- provision` sets, so an inbox row outlives every
     * redelivery of its message.
     */
    EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(StreamLimits.retentionDays),
    ...({ [databaseVar]: postgresUrl } as Record<K, typeof postgresUrl>),
  });
}
