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
import { normaliseDiscountCode, PaymentProviders } from '@medtutor/contracts';
import { z } from 'zod';

/** A pre-existing code named in configuration (docs/product.md §9); unset means not seeded. */
const seedCode = z
  .string()
  .transform(normaliseDiscountCode)
  .pipe(z.string().regex(/^[A-Z0-9-]{4,32}$/, 'must be 4–32 letters, digits or dashes'))
  .optional();

/** `STRIPE_SECRET_KEY=` in an env file means "not set", not "invalid". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const providerOf = (env: {
  PAYMENTS_PROVIDER?: 'stripe' | 'demo' | undefined;
  STRIPE_SECRET_KEY?: string | undefined;
}) => env.PAYMENTS_PROVIDER ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'demo');

/** Nest injection token for the parsed `CatalogPaymentsConfig`. */
export const CATALOG_PAYMENTS_CONFIG = Symbol('CATALOG_PAYMENTS_CONFIG');

export const CatalogPaymentsEnvSchema = serviceEnvSchema('PAYMENTS_DATABASE_URL')
  .extend(actorVerifyEnvShape)
  .extend({
    DISCOUNT_CODE_SEED_30: seedCode,
    DISCOUNT_CODE_SEED_1: seedCode,
    ...mailEnvShape,
    /** Explicit choice; unset means stripe when STRIPE_SECRET_KEY is set, demo otherwise. */
    PAYMENTS_PROVIDER: optional(z.enum(PaymentProviders)),
    STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')),
    STRIPE_PUBLISHABLE_KEY: optional(z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_…)')),
    STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_/, 'must be a Stripe webhook secret (whsec_…)')),
    /** Another Stripe API host (a local stand-in in tests), e.g. http://127.0.0.1:12111. */
    STRIPE_API_BASE: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
    /** How old a webhook signature may be; Stripe's default is 300 s. */
    STRIPE_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    /**
     * How long a checkout stays payable and holds its discount code: older open checkouts are
     * abandoned, and the sweeper cancels their intents at the provider, then releases their holds.
     */
    PAYMENT_HOLD_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    /** How often the abandoned-checkout sweeper runs (one replica at a time). */
    PAYMENT_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    ...retentionEnvShape,
  })
  .refine((env) => !env.DISCOUNT_CODE_SEED_30 || env.DISCOUNT_CODE_SEED_30 !== env.DISCOUNT_CODE_SEED_1, {
    message: 'must differ from DISCOUNT_CODE_SEED_30 (one code cannot be worth both £30 and £1)',
    path: ['DISCOUNT_CODE_SEED_1'],
  })
  .superRefine((env, ctx) => {
    checkMailEnv(env, ctx);
    const provider = providerOf(env);
    if (env.NODE_ENV === 'production' && provider === 'demo') {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_PROVIDER'],
        message: 'demo takes no money and is refused in production; set the Stripe keys',
      });
    }
    if (provider === 'stripe' || env.NODE_ENV === 'production') {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required for the Stripe provider' });
      }
    }
  })
  .transform((env, ctx) => ({
    ...serviceRuntime(env, ctx, { variable: 'PAYMENTS_DATABASE_URL', leases: 2 }),
    mail: mailConfig(env),
    retention: retentionConfig(env),
    payments: {
      provider: providerOf(env),
      holdMs: env.PAYMENT_HOLD_MINUTES * 60_000,
      sweepIntervalMs: env.PAYMENT_SWEEP_INTERVAL_SECONDS * 1000,
      stripe: {
        secretKey: env.STRIPE_SECRET_KEY ?? null,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
        apiBase: env.STRIPE_API_BASE ?? null,
        webhookToleranceSeconds: env.STRIPE_WEBHOOK_TOLERANCE_SECONDS,
      },
    },
    /** The spec's two pre-existing codes: one worth £30, one worth £1 (for testing). */
    discountCodeSeeds: [
      ...(env.DISCOUNT_CODE_SEED_30 ? [{ code: env.DISCOUNT_CODE_SEED_30, discountPounds: 30 }] : []),
      ...(env.DISCOUNT_CODE_SEED_1 ? [{ code: env.DISCOUNT_CODE_SEED_1, discountPounds: 1 }] : []),
    ],
  }));

export type CatalogPaymentsConfig = z.output<typeof CatalogPaymentsEnvSchema>;

export const loadCatalogPaymentsConfig = (env: NodeJS.ProcessEnv = process.env): CatalogPaymentsConfig =>
  loadConfig(CatalogPaymentsEnvSchema, env);
