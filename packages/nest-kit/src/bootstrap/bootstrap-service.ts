import type { KeyObject } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { EVENTS_NATS } from '../events/event-kit.module.js';
import { HealthChecks } from '../health/health-checks.js';
import { NatsConnectionWatch } from '../nats/nats-connection-watch.js';
import { PinoNestLogger } from '../logging/logger.js';
import { RpcErrorFilter } from '../rpc/rpc-error.filter.js';
import { RpcLoggingInterceptor } from '../rpc/rpc-logging.interceptor.js';
import { RpcMetricsInterceptor } from '../rpc/rpc-metrics.interceptor.js';
import { ActorAssertionVerifier } from '../rpc/actor-assertion.js';
import { ActorAssertionGuard } from '../rpc/actor-assertion.guard.js';
import {
  natsAuthOptions,
  type NatsCredentials,
  natsReconnectOptions,
  type NatsTls,
  natsTlsOptions,
} from '../nats/nats-connection.js';
import { applyMigrations, awaitMigrations, ensureDatabase } from '../db/migrations.js';
import { DrainingNatsServer } from './draining-nats-server.js';

export interface ServiceBootstrapOptions {
  /** Also the NATS queue group, so replicas of one service share requests. */
  name: string;
  module: unknown;
  natsUrl: string;
  /** Unset only against a server without authorization (local tests). */
  natsCredentials?: NatsCredentials | undefined;
  /** Set when NATS_URL names tls:// servers. */
  natsTls?: NatsTls | undefined;
  logger: Logger;
  /** The gateway's public keys: a request naming an actor must carry its assertion signed by one. */
  actorVerifyKeys: readonly KeyObject[];
}

/**
 * Starts a NestJS microservice on NATS with the platform's error filter, logging and guard, and
 * hands both its NATS connections (RPC and JetStream) to the health checks' `NatsConnectionWatch`.
 * Stop it with `shutdownService` (`runService` does on SIGTERM) or, in tests, `app.close()`.
 */
export async function bootstrapService(options: ServiceBootstrapOptions): Promise<INestMicroservice> {
  const strategy = new DrainingNatsServer({
    servers: options.natsUrl.split(','),
    queue: options.name,
    name: options.name,
    ...natsReconnectOptions,
    ...natsAuthOptions(options.natsCredentials),
    ...natsTlsOptions(options.natsTls),
  });
  const app = await NestFactory.createMicroservice(options.module as never, {
    strategy,
    logger: new PinoNestLogger(options.logger),
  });
  app.useGlobalFilters(new RpcErrorFilter(options.logger));
  app.useGlobalGuards(
    new ActorAssertionGuard(new ActorAssertionVerifier(options.actorVerifyKeys, options.name), options.logger),
  );
  app.useGlobalInterceptors(new RpcLoggingInterceptor(options.logger), new RpcMetricsInterceptor());
  await app.listen();
  const connections = app.get(NatsConnectionWatch);
  connections.watch('rpc', strategy.unwrap<NatsConnection>(), options.logger);
  connections.watch('events', app.get<NatsConnection>(EVENTS_NATS), options.logger);
  options.logger.info('service listening on NATS');
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
