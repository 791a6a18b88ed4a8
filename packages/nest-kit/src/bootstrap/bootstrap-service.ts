import type { KeyObject } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type MicroserviceOptions, Transport } from '@nestjs/microservices';
import type { Logger } from 'pino';
import { HealthChecks } from '../health/health-checks.js';
import { startProbeServer } from '../health/probe-server.js';
import { PinoNestLogger } from '../logging/logger.js';
import { RpcErrorFilter } from '../rpc/rpc-error.filter.js';
import { RpcLoggingInterceptor } from '../rpc/rpc-logging.interceptor.js';
import { ActorAssertionVerifier } from '../rpc/actor-assertion.js';
import { ActorAssertionGuard } from '../rpc/actor-assertion.guard.js';
import { natsAuthOptions, type NatsCredentials } from '../nats/nats-connection.js';
import { applyMigrations, ensureDatabase } from '../db/migrations.js';

export interface ServiceBootstrapOptions {
  /** Also the NATS queue group, so replicas of one service share requests. */
  name: string;
  module: unknown;
  natsUrl: string;
  /** Unset only against a server without authorization (local tests). */
  natsCredentials?: NatsCredentials | undefined;
  logger: Logger;
  healthPort?: number;
  /** The gateway's public keys: a request naming an actor must carry its assertion signed by one. */
  actorVerifyKeys: readonly KeyObject[];
}

/** Starts a NestJS microservice on NATS with the platform's error filter, logging and probes. */
export async function bootstrapService(options: ServiceBootstrapOptions): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(options.module as never, {
    transport: Transport.NATS,
    options: {
      servers: options.natsUrl.split(','),
      queue: options.name,
      name: options.name,
      ...natsAuthOptions(options.natsCredentials),
    },
    logger: new PinoNestLogger(options.logger),
  });
  app.useGlobalFilters(new RpcErrorFilter(options.logger));
  app.useGlobalGuards(
    new ActorAssertionGuard(new ActorAssertionVerifier(options.actorVerifyKeys, options.name), options.logger),
  );
  app.useGlobalInterceptors(new RpcLoggingInterceptor(options.logger));
  app.enableShutdownHooks();
  await app.listen();
  if (options.healthPort) {
    const server = await startProbeServer(options.healthPort, app.get(HealthChecks));
    process.once('SIGTERM', () => server.close());
  }
  options.logger.info('service listening on NATS');
  return app;
}

/** Creates the database when allowed, then applies the service's migrations. */
export async function prepareDatabase(options: {
  databaseUrl: string;
  migrationsDir: string;
  autoCreate: boolean;
  logger: Logger;
}): Promise<void> {
  if (options.autoCreate && (await ensureDatabase(options.databaseUrl))) {
    options.logger.info('database created');
  }
  const result = await applyMigrations(options);
  options.logger.info(
    { applied: result.applied.length, total: result.applied.length + result.alreadyApplied.length },
    'migrations up to date',
  );
}
