import { mkdtempSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { testActorKeys, testRedisUrl } from '@medtutor/nest-kit/testing';
import { Redis } from 'ioredis';
import { AppModule } from '../../src/app.module.js';
import { configureGatewayApp } from '../../src/app.setup.js';
import { type GatewayConfig, loadGatewayConfig } from '../../src/config/gateway-config.js';
import { createGatewayLogger } from '../../src/logging/logger.js';

export interface CapturedGateway {
  app: NestExpressApplication;
  config: GatewayConfig;
  /** Every line the gateway logged, at every level. */
  logs: () => string;
  close: () => Promise<void>;
}

/**
 * The real gateway (same module and pipeline as production) on `natsUrl`, logging at trace level
 * into memory, so a test can read everything it would have printed. `adjust` changes the parsed
 * configuration (e.g. `production: true` without production's secrets and TLS).
 */
export async function startCapturedGateway(
  natsUrl: string,
  env: Record<string, string> = {},
  adjust: (config: GatewayConfig) => GatewayConfig = (config) => config,
): Promise<CapturedGateway> {
  const prefix = `gwtest:${randomBytes(6).toString('hex')}:`;
  const config = adjust(
    loadGatewayConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'trace',
      NATS_URL: natsUrl,
      REDIS_URL: await testRedisUrl(),
      REDIS_KEY_PREFIX: prefix,
      SESSION_SECRET: 'integration-tests-only-secret-0123456789',
      RPC_TIMEOUT_MS: '5000',
      READINESS_TIMEOUT_MS: '1000',
      TRUST_PROXY: 'true',
      FRONTEND_DIR: mkdtempSync(join(tmpdir(), 'gw-no-frontends-')),
      ACTOR_SIGNING_KEY: testActorKeys.env.ACTOR_SIGNING_KEY,
      ...env,
    }),
  );
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = createGatewayLogger('trace', destination);
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config, logger)] }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: false });
  configureGatewayApp(app, config, logger);
  await app.init();
  return {
    app,
    config,
    logs: () => lines.join(''),
    close: async () => {
      await app.close();
      const redis = new Redis(config.redisUrl);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  };
}
