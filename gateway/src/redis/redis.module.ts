import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
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
          useFactory: (logger: Logger) => {
            // Fail a command after two reconnect attempts instead of queueing it while Redis is down,
            // so requests answer 5xx promptly rather than hang.
            const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
            redis.on('error', (error: Error) => logger.warn({ err: error }, 'redis connection error'));
            return redis;
          },
        },
        RedisLifecycle,
      ],
      exports: [REDIS],
    };
  }
}
