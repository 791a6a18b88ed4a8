import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { Limits } from '@medtutor/contracts';
import { loadConfig, serviceEnvSchema } from '@medtutor/nest-kit';
import { z } from 'zod';

/** Nest injection token for the parsed `IdentityConfig`. */
export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');

/** The admin password `npm start` supplies locally; well known, so refused in production. */
const LOCAL_ADMIN_PASSWORD = 'ChangeMe-Admin-2026';

// src/config and dist/config both sit four levels below the repository root.
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DEFAULT_MAIL_OUTBOX_DIR = resolve(REPO_ROOT, '.var/mail-outbox');

/** `SMTP_URL=` in an env file means "not set", not "invalid". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const IdentityEnvSchema = serviceEnvSchema('IDENTITY_DATABASE_URL')
  .extend({
    /** Where the browser reaches the site; reset links point here. */
    PUBLIC_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
    /** e.g. smtps://user:pass@smtp.example.com; nodemailer options may ride in the query string. */
    SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
    MAIL_FROM: z.string().trim().min(1, 'is required (e.g. "MedPath Tutoring <no-reply@example.com>")'),
    MAIL_OUTBOX_DIR: optional(z.string()),
    SEED_ADMIN_EMAIL: optional(z.email()),
    SEED_ADMIN_PASSWORD: optional(z.string().min(Limits.passwordMin).max(Limits.passwordMax)),
  })
  .superRefine((env, ctx) => {
    const production = env.NODE_ENV === 'production';
    if (production && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required in production (the mail-outbox folder is for local runs)',
      });
    }
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
    mail: {
      from: env.MAIL_FROM,
      transport: env.SMTP_URL
        ? ({ kind: 'smtp', url: env.SMTP_URL } as const)
        : ({ kind: 'folder', dir: resolve(env.MAIL_OUTBOX_DIR ?? DEFAULT_MAIL_OUTBOX_DIR) } as const),
    },
    seedAdmin:
      env.SEED_ADMIN_EMAIL && env.SEED_ADMIN_PASSWORD
        ? { email: env.SEED_ADMIN_EMAIL.toLowerCase(), password: env.SEED_ADMIN_PASSWORD }
        : null,
  }));

export type IdentityConfig = z.output<typeof IdentityEnvSchema>;
export type MailTransportConfig = IdentityConfig['mail']['transport'];

export const loadIdentityConfig = (env: NodeJS.ProcessEnv = process.env): IdentityConfig =>
  loadConfig(IdentityEnvSchema, env);
