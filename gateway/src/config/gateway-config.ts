import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  loadConfig,
  natsCredentials,
  natsEnvShape,
  natsTls,
  NodeEnvSchema,
  refusePlaceholders,
} from '@medtutor/nest-kit';
import { z } from 'zod';
import { actorSigningEnvShape, checkActorKeysEnv } from '@medtutor/nest-kit';

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

/** The repo's `frontends` folder: src/config and dist/config sit at the same depth below gateway/. */
const defaultFrontendDir = fileURLToPath(new URL('../../../frontends/', import.meta.url));

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** A rate limit written as `<points>/<window>`, e.g. `5/15m` or `20/1h`. */
export interface RateLimit {
  points: number;
  durationSeconds: number;
}

const rateLimit = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx): RateLimit => {
      const match = /^(\d+)\/(\d+)([smhd])$/.exec(value.trim());
      const points = Number(match?.[1]);
      const windowLength = Number(match?.[2]);
      if (!match || points < 1 || windowLength < 1) {
        ctx.addIssue({ code: 'custom', message: 'must look like 5/15m (points per window in s, m, h or d)' });
        return z.NEVER;
      }
      return { points, durationSeconds: windowLength * UNIT_SECONDS[match[3] as keyof typeof UNIT_SECONDS] };
    });

/** Express's `trust proxy`: false, true, a hop count, or addresses/subnets (`loopback, 10.0.0.0/8`). */
const trustProxy = z
  .string()
  .optional()
  .transform((value): boolean | number | string => {
    const trimmed = value?.trim() ?? '';
    if (trimmed === '' || trimmed === 'false') return false;
    if (trimmed === 'true') return true;
    return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
  });

const positiveNumber = (fallback: number) => z.coerce.number().positive().default(fallback);

/**
 * The site's origin, as the pages, robots.txt, the sitemap and emailed links write it before a path:
 * an http(s) origin, so nothing in it needs escaping anywhere the gateway puts it. Read as the
 * browser writes origins (lowercase host, no default port).
 */
const publicOrigin = z.string().transform((value, ctx) => {
  const url = URL.canParse(value) ? new URL(value) : null;
  const isOrigin =
    url !== null &&
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.username === '' &&
    url.password === '' &&
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === '' &&
    !value.endsWith('/');
  if (!isOrigin) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be an http(s) origin like https://medpath.example (no path, no trailing slash)',
    });
    return z.NEVER;
  }
  return url.origin;
});

const GatewayEnvSchema = z
  .object({
    NODE_ENV: NodeEnvSchema,
    PORT: z.coerce.number().int().min(1).max(65_535).default(8080),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Kubernetes probes with /readyz's details, off the public port; unset locally. */
    HEALTH_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
    NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
    ...natsEnvShape,
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .default('redis://127.0.0.1:6379'),
    /**
     * The CA bundle (PEM) that signed Redis's certificate, for a `rediss://` server signed by a
     * private CA (production's cert-manager CA, mounted by infra/k8s/overlays/prod).
     */
    REDIS_CA_FILE: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.string().regex(/^\//, 'must be an absolute path to a PEM file').optional(),
    ),
    /** Namespaces every gateway key, so environments (and parallel test runs) can share one Redis. */
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[\w:.-]{1,64}$/)
      .default('gw:'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** The secret being rotated out: cookies it signed stay valid, new ones get SESSION_SECRET. */
    SESSION_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
    PUBLIC_BASE_URL: publicOrigin.optional(),
    /** Shown on the pages (the gateway writes it into them); the services read it too. */
    SUPPORT_EMAIL: z.email({ error: 'must be an email address' }).optional(),
    SESSION_IDLE_MINUTES: positiveNumber(120),
    SESSION_ABSOLUTE_HOURS: positiveNumber(168),
    FRONTEND_DIR: z.string().min(1).default(defaultFrontendDir),
    TRUST_PROXY: trustProxy,
    BODY_LIMIT: z
      .string()
      .regex(/^\d+(b|kb|mb)$/i, 'must look like 100kb')
      .default('100kb'),
    /** A service that has not answered by then is unavailable to this request: 503, never a hung page. */
    RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
    /** The routes whose service calls Stripe while the caller waits (its SDK: 10 s per try). */
    RPC_PROVIDER_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
    /** Each section of a personal-data export (issue 26): all of a user's rows, while they wait for a file. */
    RPC_EXPORT_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    /** Consecutive unavailable answers of one service that open its circuit (its routes then answer 503 at once). */
    CIRCUIT_BREAKER_FAILURES: z.coerce.number().int().positive().default(5),
    /** How long an open circuit answers 503 before one request tries the service again. */
    CIRCUIT_BREAKER_HALF_OPEN_MS: z.coerce.number().int().positive().default(5000),
    /**
     * How long an idle kept-alive connection stays open (Node's default: 5 s). Longer than the proxy in
     * front keeps an idle connection to us (the prod overlay's BackendTrafficPolicy, 60 s), so the
     * proxy closes it first: when the gateway closes a connection at the moment a client sends on it,
     * that request fails with a reset (docs/adr/0091).
     */
    HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(65_000),
    /** After SIGTERM: not ready, but still serving, this long (proxies take a moment to drop this replica). */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(3000),
    /** Then the longest wait for requests in flight before their connections are cut. */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(15_000),
    ...actorSigningEnvShape,
    READINESS_TIMEOUT_MS: z.coerce.number().int().positive().default(2000),
    /** Free failures per (email, address), then waits that double up to this longest one. */
    RATE_LIMIT_LOGIN_EMAIL_IP: rateLimit('5/15m'),
    RATE_LIMIT_LOGIN_IP: rateLimit('100/1h'),
    RATE_LIMIT_REGISTER_IP: rateLimit('10/1h'),
    // Reset requests per (email, address), and a ceiling per email across addresses: a stranger uses
    // up only their own address's share, so the owner elsewhere still gets a link. identity spaces
    // the mails themselves, so the ceiling is not what keeps an inbox from filling.
    RATE_LIMIT_FORGOT_PASSWORD_EMAIL_IP: rateLimit('5/1h'),
    RATE_LIMIT_FORGOT_PASSWORD_EMAIL: rateLimit('50/1h'),
    RATE_LIMIT_FORGOT_PASSWORD_IP: rateLimit('20/1h'),
    RATE_LIMIT_CONSULTATIONS_IP: rateLimit('10/1h'),
    RATE_LIMIT_TESTIMONIALS_IP: rateLimit('5/1h'),
    // A buyer retries a checkout several times (the page itself retries 3 times); a script guessing
    // discount codes or probing who took a free trial does not stop at that.
    RATE_LIMIT_PAYMENT_INTENTS_SESSION: rateLimit('20/1h'),
    RATE_LIMIT_PAYMENT_INTENTS_IP: rateLimit('60/1h'),
    RATE_LIMIT_FREE_TRIAL_CHECKS_SESSION: rateLimit('20/1h'),
    RATE_LIMIT_FREE_TRIAL_CHECKS_IP: rateLimit('60/1h'),
    // Calendar apps fetch a private feed every hour or so, without cookies, several users' feeds from
    // one provider's addresses: a roomy address budget; the token's 256 bits make guessing pointless.
    RATE_LIMIT_CALENDAR_FEEDS_SESSION: rateLimit('60/1h'),
    RATE_LIMIT_CALENDAR_FEEDS_IP: rateLimit('600/1h'),
    // A personal-data export asks all five services for everything they hold about someone: a user
    // needs it rarely, so a few an hour; the address budget covers a household or a school network.
    RATE_LIMIT_DATA_EXPORTS_USER: rateLimit('5/1h'),
    RATE_LIMIT_DATA_EXPORTS_IP: rateLimit('20/1h'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    if (!env.SESSION_SECRET)
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production' });
    // Sessions and rate limits must not sit in a Redis that anyone on the network can read or reset.
    const redisPassword = URL.canParse(env.REDIS_URL) ? new URL(env.REDIS_URL).password : '';
    if (!redisPassword)
      ctx.addIssue({ code: 'custom', path: ['REDIS_URL'], message: 'must carry a password in production' });
    if (!env.PUBLIC_BASE_URL?.startsWith('https://')) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_BASE_URL'], message: 'must be an https:// URL in production' });
    }
    if (!env.SUPPORT_EMAIL)
      ctx.addIssue({ code: 'custom', path: ['SUPPORT_EMAIL'], message: 'is required in production' });
  })
  .superRefine((env, ctx) => {
    // Set alone, the CA would look like protection and give none: redis:// never uses it.
    if (env.REDIS_CA_FILE && !env.REDIS_URL.startsWith('rediss://')) {
      ctx.addIssue({
        code: 'custom',
        path: ['REDIS_CA_FILE'],
        message: 'is set but REDIS_URL does not use TLS: use a rediss:// URL',
      });
    }
  })
  .superRefine(checkActorKeysEnv)
  // `replace_me`, `changeme` and the published compose passwords (`publishedDevOnly-…`).
  .superRefine(refusePlaceholders)
  .transform((env, ctx) => {
    const production = env.NODE_ENV === 'production';
    const publicBaseUrl = env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`;
    return {
      nodeEnv: env.NODE_ENV,
      production,
      port: env.PORT,
      healthPort: env.HEALTH_PORT,
      logLevel: env.LOG_LEVEL,
      natsUrl: env.NATS_URL,
      natsCredentials: natsCredentials(env, ctx),
      natsTls: natsTls(env, ctx),
      redisUrl: env.REDIS_URL,
      // rediss:// turns TLS on (ioredis); the CA, when set, is the only one trusted for it.
      redisTls: env.REDIS_URL.startsWith('rediss://') ? { caFile: env.REDIS_CA_FILE } : undefined,
      redisKeyPrefix: env.REDIS_KEY_PREFIX,
      // Local runs without a secret get a random one: sessions then end when the process restarts.
      sessionSecret: env.SESSION_SECRET ?? randomBytes(32).toString('base64url'),
      sessionSecretGenerated: env.SESSION_SECRET === undefined,
      previousSessionSecrets: env.SESSION_SECRET_PREVIOUS ? [env.SESSION_SECRET_PREVIOUS] : [],
      publicBaseUrl,
      // Unset locally: the default of scripts/lib/local-env.sh and docker-compose.yml.
      pageSettings: { publicBaseUrl, supportEmail: env.SUPPORT_EMAIL ?? 'support@medpath.local' },
      session: {
        // `__Host-` makes browsers insist on Secure, Path=/ and no Domain, so no subdomain can plant it.
        cookieName: production ? '__Host-sid' : 'sid',
        secureCookie: production,
        idleMs: env.SESSION_IDLE_MINUTES * 60_000,
        absoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
      },
      frontendDir: env.FRONTEND_DIR,
      trustProxy: env.TRUST_PROXY,
      bodyLimit: env.BODY_LIMIT,
      rpcTimeoutMs: env.RPC_TIMEOUT_MS,
      rpcProviderTimeoutMs: env.RPC_PROVIDER_TIMEOUT_MS,
      rpcExportTimeoutMs: env.RPC_EXPORT_TIMEOUT_MS,
      circuitBreaker: { failures: env.CIRCUIT_BREAKER_FAILURES, halfOpenAfterMs: env.CIRCUIT_BREAKER_HALF_OPEN_MS },
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      shutdown: { drainMs: env.SHUTDOWN_DRAIN_MS, graceMs: env.SHUTDOWN_GRACE_MS },
      actorSigningKey: env.ACTOR_SIGNING_KEY,
      readinessTimeoutMs: env.READINESS_TIMEOUT_MS,
      rateLimits: {
        loginPerEmailAndIp: env.RATE_LIMIT_LOGIN_EMAIL_IP,
        loginPerIp: env.RATE_LIMIT_LOGIN_IP,
        registerPerIp: env.RATE_LIMIT_REGISTER_IP,
        forgotPasswordPerEmailAndIp: env.RATE_LIMIT_FORGOT_PASSWORD_EMAIL_IP,
        forgotPasswordPerEmail: env.RATE_LIMIT_FORGOT_PASSWORD_EMAIL,
        forgotPasswordPerIp: env.RATE_LIMIT_FORGOT_PASSWORD_IP,
        consultationsPerIp: env.RATE_LIMIT_CONSULTATIONS_IP,
        testimonialsPerIp: env.RATE_LIMIT_TESTIMONIALS_IP,
        paymentIntentsPerSession: env.RATE_LIMIT_PAYMENT_INTENTS_SESSION,
        paymentIntentsPerIp: env.RATE_LIMIT_PAYMENT_INTENTS_IP,
        freeTrialChecksPerSession: env.RATE_LIMIT_FREE_TRIAL_CHECKS_SESSION,
        freeTrialChecksPerIp: env.RATE_LIMIT_FREE_TRIAL_CHECKS_IP,
        calendarFeedsPerSession: env.RATE_LIMIT_CALENDAR_FEEDS_SESSION,
        calendarFeedsPerIp: env.RATE_LIMIT_CALENDAR_FEEDS_IP,
        dataExportsPerUser: env.RATE_LIMIT_DATA_EXPORTS_USER,
        dataExportsPerIp: env.RATE_LIMIT_DATA_EXPORTS_IP,
      },
    };
  });

export type GatewayConfig = z.output<typeof GatewayEnvSchema>;

/** Reads and validates the environment; throws a ConfigError listing every problem. */
export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env): GatewayConfig =>
  loadConfig(GatewayEnvSchema, env);
