import type { KeyObject } from 'node:crypto';
import type { Logger } from 'pino';
import { ConfigError } from '../config/load-config.js';
import { createLogger } from '../logging/logger.js';
import type { NatsCredentials } from '../nats/nats-connection.js';
import { bootstrapService, prepareDatabase } from './bootstrap-service.js';

/** The settings every service's own config carries, whatever else it adds. */
export interface ServiceRuntimeConfig {
  logLevel: string;
  databaseUrl: string;
  dbAutoCreate: boolean;
  natsUrl: string;
  natsCredentials?: NatsCredentials | undefined;
  healthPort?: number | undefined;
  /** ACTOR_VERIFY_KEYS (actorVerifyEnvShape): the gateway's public keys. */
  actorVerifyKeys: readonly KeyObject[];
}

/**
 * A service process from start to listening: config (fail fast), database and migrations, an
 * optional step such as seeding, then the NATS microservice. Exits 1 with a readable message on
 * any start-up failure, so a supervisor or Kubernetes sees it at once.
 */
export function runService<C extends ServiceRuntimeConfig>(options: {
  name: string;
  migrationsDir: string;
  loadConfig: () => C;
  module: (config: C, logger: Logger) => unknown;
  beforeListen?: (config: C, logger: Logger) => Promise<void>;
}): void {
  const start = async () => {
    const config = options.loadConfig();
    const logger = createLogger(options.name, config.logLevel);
    await prepareDatabase({
      databaseUrl: config.databaseUrl,
      migrationsDir: options.migrationsDir,
      autoCreate: config.dbAutoCreate,
      logger,
    });
    await options.beforeListen?.(config, logger);
    await bootstrapService({
      name: options.name,
      module: options.module(config, logger),
      natsUrl: config.natsUrl,
      natsCredentials: config.natsCredentials,
      logger,
      healthPort: config.healthPort,
      actorVerifyKeys: config.actorVerifyKeys,
    });
  };
  start().catch((error: unknown) => {
    // A configuration error is already a readable list; anything else gets its stack.
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
