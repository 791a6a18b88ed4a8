import type { INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { ConfigError } from '../config/load-config.js';
import { applyMigrations, awaitMigrations, ensureDatabase } from '../db/migrations.js';
import { EVENTS_NATS } from '../events/event-kit.module.js';
import { HealthChecks } from '../health/health-checks.js';
import { startProbeServer } from '../health/probe-server.js';
import { createLogger, PinoNestLogger } from '../logging/logger.js';
import { natsAuthOptions, natsReconnectOptions, natsTlsOptions } from '../nats/nats-connection.js';
import { NatsConnectionWatch } from '../nats/nats-connection-watch.js';
import { ActorAssertionVerifier } from '../rpc/actor-assertion.js';
import { ActorAssertionGuard } from '../rpc/actor-assertion.guard.js';
import { RpcErrorFilter } from '../rpc/rpc-error.filter.js';
import { RpcLoggingInterceptor } from '../rpc/rpc-logging.interceptor.js';
import { RpcMetricsInterceptor } from '../rpc/rpc-metrics.interceptor.js';
import { startTracing } from '../tracing/tracing.js';
import { DrainingNatsServer } from './draining-nats-server.js';
import { type ServiceDefinition, serviceModule, type ServiceRuntimeConfig } from './service-definition.js';

/**
 * The most a shutdown may take before the process gives up and exits 1: the RPC drain (at most
 * RPC_DRAIN_TIMEOUT_MS, 15 s), the consumers' and relays' last batch, closing the pools. Kubernetes'
 * terminationGracePeriodSeconds covers it plus the preStop pause (test/infra/k8s.spec.ts checks).
 */
export const SHUTDOWN_TIMEOUT_MS = 25_000;

/**
 * A service process from start to listening: config (fail fast), logger and traces, database and
 * migrations (applied, or awaited from the migration Job), `beforeListen` (identity seeds its admin),
 * then the service on NATS (`startService`) and the probe server on HEALTH_PORT. Exits 1 with a
 * readable message on any start-up failure, so a supervisor or Kubernetes sees it at once. On SIGTERM
 * or SIGINT it shuts down in order (`shutdownService`) and exits 0.
 */
export function runService<C extends ServiceRuntimeConfig>(
  service: ServiceDefinition<C>,
  options: { beforeListen?: (config: C, logger: Logger) => Promise<void> } = {},
): void {
  const start = async () => {
    const config = service.loadConfig();
    const logger = createLogger(service.name, config.logLevel);
    const tracing = startTracing({ service: service.name, logger });
    await prepareDatabase({
      databaseUrl: config.databaseUrl,
      migrationsDir: service.migrationsDir,
      autoCreate: config.dbAutoCreate,
      migrate: config.migrateOnStart,
      logger,
    });
    await options.beforeListen?.(config, logger);
    const app = await startService(service, config, logger);
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

/**
 * The service as a NestJS microservice on NATS (`serviceModule`), with the platform's error filter,
 * logging, metrics and actor guard, listening; both its NATS connections (RPC and JetStream) are
 * handed to the health checks' `NatsConnectionWatch`. Stop it with `shutdownService` (`runService`
 * does on SIGTERM) or, in tests, `app.close()`.
 */
export async function startService<C extends ServiceRuntimeConfig>(
  service: ServiceDefinition<C>,
  config: C,
  logger: Logger,
): Promise<INestMicroservice> {
  const strategy = new DrainingNatsServer({
    servers: config.natsUrl.split(','),
    queue: service.name,
    name: service.name,
    ...natsReconnectOptions,
    ...natsAuthOptions(config.natsCredentials),
    ...natsTlsOptions(config.natsTls),
  });
  const app = await NestFactory.createMicroservice(serviceModule(service, config, logger), {
    strategy,
    logger: new PinoNestLogger(logger),
  });
  app.useGlobalFilters(new RpcErrorFilter(logger));
  app.useGlobalGuards(
    new ActorAssertionGuard(new ActorAssertionVerifier(config.actorVerifyKeys, service.name), logger),
  );
  app.useGlobalInterceptors(new RpcLoggingInterceptor(logger), new RpcMetricsInterceptor());
  await app.listen();
  const connections = app.get(NatsConnectionWatch);
  connections.watch('rpc', strategy.unwrap<NatsConnection>(), logger);
  connections.watch('events', app.get<NatsConnection>(EVENTS_NATS), logger);
  logger.info('service listening on NATS');
  return app;
}

/**
 * How long the requests in hand may take to finish at shutdown: as long as the gateway waits for its
 * slowest routes, those that call the payment provider (its RPC_PROVIDER_TIMEOUT_MS, 15 s).
 */
export const RPC_DRAIN_TIMEOUT_MS = 15_000;

/**
 * Stops a service without losing work: readiness answers 503 at once, the RPC transport takes no
 * more requests and lets those in hand answer, then the application closes (consumers stop and
 * hand back what they prefetched, relays flush, connections and pools close). Nest's own order
 * would close the transport only after the consumers and relays, while requests could still write.
 */
export async function shutdownService(app: INestMicroservice, logger: Logger): Promise<void> {
  app.get(HealthChecks).stopAccepting();
  logger.info('shutting down: not ready, taking no more requests');
  const unanswered = await (app.getTransportServer() as DrainingNatsServer).stopIntake(RPC_DRAIN_TIMEOUT_MS);
  if (unanswered > 0) logger.warn({ unanswered }, 'requests still running after the drain timeout');
  await app.close();
  logger.info('shut down');
}

/**
 * Creates the database when allowed, then applies the service's migrations; or, with `migrate`
 * off (a Job applies them before the rollout), waits until they are applied.
 */
export async function prepareDatabase(options: {
  databaseUrl: string;
  migrationsDir: string;
  autoCreate: boolean;
  migrate: boolean;
  logger: Logger;
}): Promise<void> {
  if (!options.migrate) {
    await awaitMigrations(options);
    options.logger.info('migrations up to date (applied by the migration job)');
    return;
  }
  if (options.autoCreate && (await ensureDatabase(options.databaseUrl))) {
    options.logger.info('database created');
  }
  const result = await applyMigrations(options);
  options.logger.info(
    { applied: result.applied.length, total: result.applied.length + result.alreadyApplied.length },
    'migrations up to date',
  );
}
