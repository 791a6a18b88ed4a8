import { Limits } from '@medtutor/contracts';
import { checkMailEnv, loadConfig, mailConfig, mailEnvShape, serviceEnvSchema } from '@medtutor/nest-kit';
import { z } from 'zod';

/** Nest injection token for the parsed `IdentityConfig`. */
export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');

/** The admin password `npm start` supplies locally; well known, so refused in production. */
const LOCAL_ADMIN_PASSWORD = 'ChangeMe-Admin-2026';

/** `SMTP_URL=` in an env file means "not set", not "invalid". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const IdentityEnvSchema = serviceEnvSchema('IDENTITY_DATABASE_URL')
  .extend({
    /** Where the browser reaches the site; reset links point here. */
    PUBLIC_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
    ...mailEnvShape,
    SEED_ADMIN_EMAIL: optional(z.email()),
    SEED_ADMIN_PASSWORD: optional(z.string().min(Limits.passwordMin).max(Limits.passwordMax)),
  })
  .superRefine((env, ctx) => {
    const production = env.NODE_ENV === 'production';
    checkMailEnv(env, ctx);
    if (Boolean(env.SEED_ADMIN_EMAIL) !== Boolean(env.SEED_ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SEED_ADMIN_PASSWORD'],
        message: 'SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD go together: set both or neither',
      });
    }
    if (production && env.SEED_ADMIN_PASSWORD === LOCAL_ADMIN_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: ['SEED_ADMIN_PASSWORD'],
        message: 'is the published local default; choose another in production',
      });
    }
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    natsUrl: env.NATS_URL,
    healthPort: env.HEALTH_PORT,
    databaseUrl: env.IDENTITY_DATABASE_URL,
    dbAutoCreate: env.DB_AUTO_CREATE,
    jetstreamReplicas: env.JETSTREAM_REPLICAS,
    publicBaseUrl: env.PUBLIC_BASE_URL.replace(/\/+$/, ''),
    mail: mailConfig(env),
    seedAdmin:
      env.SEED_ADMIN_EMAIL && env.SEED_ADMIN_PASSWORD
        ? { email: env.SEED_ADMIN_EMAIL.toLowerCase(), password: env.SEED_ADMIN_PASSWORD }
        : null,
  }));

export type IdentityConfig = z.output<typeof IdentityEnvSchema>;

export const loadIdentityConfig = (env: NodeJS.ProcessEnv = process.env): IdentityConfig =>
  loadConfig(IdentityEnvSchema, env);
