import type { KeyObject } from 'node:crypto';
import type { Logger } from 'pino';
import type { INestMicroservice } from '@nestjs/common';
import { ConfigError } from '../config/load-config.js';
import type { DatabaseConnections } from '../db/connection-budget.js';
import { HealthChecks } from '../health/health-checks.js';
import { startProbeServer } from '../health/probe-server.js';
import { createLogger } from '../logging/logger.js';
import type { NatsCredentials, NatsTls } from '../nats/nats-connection.js';
import { startTracing } from '../tracing/tracing.js';
import { bootstrapService, prepareDatabase, shutdownService } from './bootstrap-service.js';

/**
 * The most a shutdown may take before the process gives up and exits 1: the RPC drain (at most
 * RPC_DRAIN_TIMEOUT_MS, 15 s), the consumers' and relays' last batch, closing the pools. Kubernetes'
 * terminationGracePeriodSeconds covers it plus the preStop pause (test/infra/k8s.spec.ts checks).
 */
export const SHUTDOWN_TIMEOUT_MS = 25_000;

/** The settings every service's own config carries, whatever else it adds. */
export interface ServiceRuntimeConfig {
  logLevel: string;
  databaseUrl: string;
  dbAutoCreate: boolean;
  /** MIGRATE_ON_START: apply the migrations, or wait for the migration Job to have applied them. */
  migrateOnStart: boolean;
  natsUrl: string;
  natsCredentials?: NatsCredentials | undefined;
  /** NATS_URL with tls:// servers, and NATS_CA_FILE. */
  natsTls?: NatsTls | undefined;
  healthPort?: number | undefined;
  /** DATABASE_CONNECTIONS split between the Prisma pool, the relays' pools and the lock connections. */
  databaseConnections: DatabaseConnections;
  /** ACTOR_VERIFY_KEYS (actorVerifyEnvShape): the gateway's public keys. */
  actorVerifyKeys: readonly KeyObject[];
}

/**
 * A service process from start to listening: config (fail fast), database and migrations (applied,
 * or awaited from the migration Job), an optional step such as seeding, then the NATS microservice
 * and the probe server. Exits 1 with a readable message on any start-up failure, so a supervisor or
 * Kubernetes sees it at once. On SIGTERM or SIGINT it shuts down in order (`shutdownService`) and
 * exits 0.
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
    const tracing = startTracing({ service: options.name, logger });
    await prepareDatabase({
      databaseUrl: config.databaseUrl,
      migrationsDir: options.migrationsDir,
      autoCreate: config.dbAutoCreate,
      migrate: config.migrateOnStart,
      logger,
    });
    await options.beforeListen?.(config, logger);
    const app = await bootstrapService({
      name: options.name,
      module: options.module(config, logger),
      natsUrl: config.natsUrl,
      natsCredentials: config.natsCredentials,
      natsTls: config.natsTls,
      logger,
      actorVerifyKeys: config.actorVerifyKeys,
    });
    const probes = config.healthPort ? await startProbeServer(config.healthPort, app.get(HealthChecks)) : undefined;
    const onSignal = (signal: NodeJS.Signals) => {
      // One orderly shutdown; a second signal (Ctrl-C again) ends the process at once.
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      logger.info({ signal }, 'shutdown signal');
      void stopGracefully(app, logger).then(async (code) => {
        probes?.close();
        await tracing.shutdown();
        process.exit(code);
      });
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  };
  start().catch((error: unknown) => {
    // A configuration error is already a readable list; anything else gets its stack.
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}

/** The exit code: 0 once the service has shut down in order, 1 if that fails or outlasts SHUTDOWN_TIMEOUT_MS. */
async function stopGracefully(app: INestMicroservice, logger: Logger): Promise<number> {
  const giveUp = setTimeout(() => {
    logger.error({ timeoutMs: SHUTDOWN_TIMEOUT_MS }, 'shutdown took too long; exiting');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  try {
    await shutdownService(app, logger);
    return 0;
  } catch (error) {
    logger.error({ err: error }, 'shutdown failed');
    return 1;
  } finally {
    clearTimeout(giveUp);
  }
}
