import { readFileSync } from 'node:fs';
import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config/gateway-config.js';
import { LOGGER } from '../logging/logger.js';

export const REDIS = Symbol('REDIS');

/** Every Redis key the gateway writes, under the configured prefix. */
export const redisKeys = (prefix: string) => ({
  sessionPrefix: `${prefix}sess:`,
  userSessions: (userId: number) => `${prefix}user-sessions:${userId}`,
  rateLimitPrefix: (name: string) => `${prefix}rl:${name}`,
});

/**
 * TLS for a `rediss://` REDIS_URL: the CA of REDIS_CA_FILE, read once at start (a missing file stops
 * the gateway there, not at the first request), is then the only one trusted; without it, the
 * system's public CAs. Nothing for redis:// (local runs and compose).
 */
export function redisTlsOptions(redisTls: GatewayConfig['redisTls']): Pick<RedisOptions, 'tls'> {
  if (!redisTls) return {};
  if (!redisTls.caFile) return { tls: {} };
  let ca: Buffer;
  try {
    ca = readFileSync(redisTls.caFile);
  } catch (error) {
    throw new Error(`REDIS_CA_FILE ${redisTls.caFile} cannot be read: ${(error as Error).message}`, { cause: error });
  }
  return { tls: { ca } };
}

/** How long the gateway waits for Redis at start before it starts without it. */
const STARTUP_WAIT_MS = 3_000;

/** Resolves true on `ready`, false after `timeoutMs` or once ioredis gives up (`end`). */
export function firstReady(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const settle = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      redis.off('end', onEnd);
      resolve(ready);
    };
    const onReady = () => settle(true);
    const onEnd = () => settle(false);
    const timer = setTimeout(() => settle(false), timeoutMs);
    redis.once('ready', onReady);
    redis.once('end', onEnd);
  });
}

@Injectable()
class RedisLifecycle implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

@Module({})
export class RedisModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: RedisModule,
      global: true,
      providers: [
        {
          provide: REDIS,
          inject: [LOGGER],
          useFactory: async (logger: Logger) => {
            const redis = new Redis(config.redisUrl, {
              // Reconnect forever, soon: 100 ms doubling up to 1 s, plus jitter so replicas spread out.
              retryStrategy: (attempt) => Math.min(100 * 2 ** (attempt - 1), 1_000) + Math.floor(Math.random() * 250),
              // While Redis is away a command fails at once instead of waiting in a queue for the
              // reconnect: a signed-in route, sign-in and every Redis-limited route answer 503 in
              // milliseconds, and the gateway stays ready (readiness.service.ts) for what needs no Redis.
              enableOfflineQueue: false,
              // A command in flight when the connection drops is retried once after the reconnect.
              maxRetriesPerRequest: 1,
              connectTimeout: 2_000,
              // A server gone without closing the socket must not hold requests either.
              commandTimeout: 2_000,
              ...redisTlsOptions(config.redisTls),
            });
            let lost = false;
            redis.on('error', (error: Error) => logger.warn({ err: error }, 'redis connection error'));
            redis.on('reconnecting', () => {
              if (lost) return;
              lost = true;
              logger.warn('redis connection lost: reconnecting (forever)');
            });
            redis.on('ready', () => {
              if (!lost) return;
              lost = false;
              logger.info('redis connection back');
            });
            // Without an offline queue a command sent before the first connection fails: give Redis a
            // moment at start, but start without it (the public site needs none) rather than wait.
            if (!(await firstReady(redis, STARTUP_WAIT_MS))) {
              logger.warn('redis not reachable at start: serving without it, reconnecting (forever)');
            }
            return redis;
          },
        },
        RedisLifecycle,
      ],
      exports: [REDIS],
    };
  }
}
