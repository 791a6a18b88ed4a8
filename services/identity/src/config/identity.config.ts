import { randomBytes } from 'node:crypto';
import { Limits } from '@medtutor/contracts';
import {
  actorVerifyEnvShape,
  checkMailEnv,
  loadConfig,
  mailConfig,
  mailEnvShape,
  retentionConfig,
  retentionEnvShape,
  serviceEnvSchema,
  serviceRuntime,
} from '@medtutor/nest-kit';
import { z } from 'zod';
import { defaultHashingLimits } from '../infra/hashing-pool.js';

/** Nest injection token for the parsed `IdentityConfig`. */
export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');

/** The admin password `npm start` supplies locally; well known, so refused in production. */
const LOCAL_ADMIN_PASSWORD = 'ChangeMe-Admin-2026';

/** `SMTP_URL=` in an env file means "not set", not "invalid". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const IdentityEnvSchema = serviceEnvSchema('IDENTITY_DATABASE_URL')
  .extend(actorVerifyEnvShape)
  .extend({
    /** Where the browser reaches the site; reset links point here. */
    PUBLIC_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
    ...mailEnvShape,
    SEED_ADMIN_EMAIL: optional(z.email()),
    SEED_ADMIN_PASSWORD: optional(z.string().min(Limits.passwordMin).max(Limits.passwordMax)),
    /** Encrypts TOTP secrets and keys recovery-code HMACs; losing it means every admin and tutor re-enrols. */
    TOTP_ENCRYPTION_KEY: optional(z.string().min(32, 'must be at least 32 characters')),
    /**
     * argon2id runs at once (each takes 19 MiB and a libuv thread); one is kept for sign-ins and work
     * beyond a short queue is refused with 503. Default: 2 or 3, from the CPUs.
     */
    PASSWORD_HASHING_CONCURRENCY: optional(z.coerce.number().int().min(2).max(16)),
    ...retentionEnvShape,
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
    if (production && !env.TOTP_ENCRYPTION_KEY) {
      ctx.addIssue({ code: 'custom', path: ['TOTP_ENCRYPTION_KEY'], message: 'is required in production' });
    }
    if (production && env.SEED_ADMIN_PASSWORD === LOCAL_ADMIN_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: ['SEED_ADMIN_PASSWORD'],
        message: 'is the published local default; choose another in production',
      });
    }
  })
  .transform((env, ctx) => ({
    ...serviceRuntime(env, ctx, { variable: 'IDENTITY_DATABASE_URL', leases: 1 }),
    publicBaseUrl: env.PUBLIC_BASE_URL.replace(/\/+$/, ''),
    mail: mailConfig(env),
    // Without a key (never in production) a random one lasts as long as the process: enrolments then
    // stop working at restart, which `npm start` avoids by generating one into .var.
    totpEncryptionKey: env.TOTP_ENCRYPTION_KEY ?? randomBytes(32).toString('base64url'),
    passwordHashing: defaultHashingLimits(env.PASSWORD_HASHING_CONCURRENCY),
    retention: retentionConfig(env),
    seedAdmin:
      env.SEED_ADMIN_EMAIL && env.SEED_ADMIN_PASSWORD
        ? { email: env.SEED_ADMIN_EMAIL.toLowerCase(), password: env.SEED_ADMIN_PASSWORD }
        : null,
  }));

export type IdentityConfig = z.output<typeof IdentityEnvSchema>;

export const loadIdentityConfig = (env: NodeJS.ProcessEnv = process.env): IdentityConfig =>
  loadConfig(IdentityEnvSchema, env);
