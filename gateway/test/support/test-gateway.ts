import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { startTestNats, testActorKeys, testRedisUrl } from '@medtutor/nest-kit/testing';
import { Redis } from 'ioredis';
import type { Response } from 'supertest';
import { AppModule } from '../../src/app.module.js';
import { configureGatewayApp } from '../../src/app.setup.js';
import { type GatewayConfig, loadGatewayConfig } from '../../src/config/gateway-config.js';
import { createGatewayLogger } from '../../src/logging/logger.js';
import { redisKeys } from '../../src/redis/redis.module.js';

/** The real gateway, on a NATS where the caller runs the services. */
export interface GatewayUnderTest {
  app: NestExpressApplication;
  config: GatewayConfig;
  /** A separate client on the gateway's Redis, to look at what the gateway stored. */
  redis: Redis;
  keys: ReturnType<typeof redisKeys>;
  close: () => Promise<void>;
}

type GatewayOptions = { env?: Record<string, string>; controllers?: Type[] };

/**
 * The real gateway on a private nats-server with no service at all, for what it does alone (pages,
 * static files, headers): a route that needs a service answers 503.
 */
export async function startLoneGateway(options: GatewayOptions = {}): Promise<GatewayUnderTest> {
  const nats = await startTestNats();
  const gateway = await startGatewayOn(nats.url, options);
  return {
    ...gateway,
    close: async () => {
      await gateway.close();
      await nats.stop();
    },
  };
}

/**
 * The real gateway on `natsUrl`: whatever answers there is what it talks to. The
 * test Redis is used under a key prefix unique to this run, emptied by `close`.
 */
export async function startGatewayOn(natsUrl: string, options: GatewayOptions = {}): Promise<GatewayUnderTest> {
  const prefix = `gwtest:${randomBytes(6).toString('hex')}:`;
  const config = loadGatewayConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    NATS_URL: natsUrl,
    REDIS_URL: await testRedisUrl(),
    REDIS_KEY_PREFIX: prefix,
    SESSION_SECRET: 'integration-tests-only-secret-0123456789',
    RPC_TIMEOUT_MS: '1000',
    READINESS_TIMEOUT_MS: '500',
    // No frontend builds unless a test asks for them.
    FRONTEND_DIR: mkdtempSync(join(tmpdir(), 'gw-no-frontends-')),
    // Signs as the services under test expect (they trust the test pair).
    ACTOR_SIGNING_KEY: testActorKeys.env.ACTOR_SIGNING_KEY,
    ...options.env,
  });
  const logger = createGatewayLogger(config.logLevel);
  const moduleRef = await Test.createTestingModule({
    imports: [AppModule.forRoot(config, logger)],
    controllers: options.controllers ?? [],
  }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: false });
  configureGatewayApp(app, config, logger);
  await app.init();

  const redis = new Redis(config.redisUrl);
  return {
    app,
    config,
    redis,
    keys: redisKeys(prefix),
    close: async () => {
      await app.close();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  };
}

/** The `name=value` pair of the session cookie a response sets, if any. */
export function sessionCookieFrom(res: Response, name = 'sid'): string | undefined {
  return setCookies(res)
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(';')[0];
}

export function setCookies(res: Response): string[] {
  const header = res.headers['set-cookie'] as string | string[] | undefined;
  return header === undefined ? [] : ([] as string[]).concat(header);
}

/** express-session's id inside a signed cookie value `sid=s%3A<id>.<signature>`. */
export function sessionIdOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  return value.slice(2, value.lastIndexOf('.'));
}
