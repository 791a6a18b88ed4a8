import type { KeyObject } from 'node:crypto';
import {
  type DynamicModule,
  Global,
  type InjectionToken,
  Module,
  type ModuleMetadata,
  type Provider,
} from '@nestjs/common';
import type { Logger } from 'pino';
import type { DatabaseConnections } from '../db/connection-budget.js';
import { EventKitModule } from '../events/event-kit.module.js';
import { ServiceHealthModule, type SqlProbeTarget } from '../health/service-health.module.js';
import type { MailConfig } from '../mail/mail-config.js';
import { MailKitModule } from '../mail/mail-kit.module.js';
import type { NatsCredentials, NatsTls } from '../nats/nats-connection.js';
import type { PrismaServiceClass } from '../db/prisma-service.js';

/** The settings every service's own config carries (`serviceRuntime` returns them), whatever else it adds. */
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
  /** DATABASE_CONNECTIONS split between the Prisma pool, the relays' pool and the lock connections. */
  databaseConnections: DatabaseConnections;
  /** ACTOR_VERIFY_KEYS (actorVerifyEnvShape): the gateway's public keys. */
  actorVerifyKeys: readonly KeyObject[];
  /** EVENT_RETENTION_DAYS: how long the outbox and inbox keep their rows. */
  eventRetentionDays: number;
}

/**
 * One service, as its `src/service.ts` states it: `runService` starts it from `main.ts`, and its
 * integration tests boot the same description (`startService`, `serviceModule`).
 */
export interface ServiceDefinition<C extends ServiceRuntimeConfig> {
  /** Its NATS queue group (replicas share requests), connection names, logs and health reply. */
  name: string;
  /** `Subjects.<service>.health` from contracts. */
  healthSubject: string;
  /** Its `prisma/migrations`, applied (or awaited from the migration Job) before it listens. */
  migrationsDir: string;
  /** Reads and checks the environment, throwing a readable `ConfigError` on a bad one. */
  loadConfig: () => C;
  /** The token its features inject the config by. */
  configToken: InjectionToken;
  /** Its Prisma client (a class extending `prismaService(...)`): probed by the health check, closed last. */
  database: PrismaServiceClass<SqlProbeTarget>;
  /** Process-wide singletons of its own beside the config, `LOGGER` and the database (identity's password hashing). */
  providers?: (config: C) => Provider[];
  /** The sender settings of a service that sends email: the mail kit and its relay start with it. */
  mail?: (config: C) => MailConfig;
  /** Its feature modules, which may inject everything above and the event kit. */
  features: NonNullable<ModuleMetadata['imports']>;
}

/** Checks a description's shape and infers its config type from `loadConfig`. */
export const defineService = <C extends ServiceRuntimeConfig>(service: ServiceDefinition<C>): ServiceDefinition<C> =>
  service;

/** Nest injection token of the service's pino logger. */
export const LOGGER = Symbol('LOGGER');

@Global()
@Module({})
class ServiceInfraModule {}

/**
 * The process-wide singletons every module of the service may inject: its config (by its own token),
 * `LOGGER`, its Prisma client and its own `providers`. Global; a command-line tool imports it alone.
 */
export function serviceInfraModule<C extends ServiceRuntimeConfig>(
  service: ServiceDefinition<C>,
  config: C,
  logger: Logger,
): DynamicModule {
  const own = service.providers?.(config) ?? [];
  return {
    module: ServiceInfraModule,
    providers: [
      { provide: service.configToken, useValue: config },
      { provide: LOGGER, useValue: logger },
      {
        provide: service.database,
        useFactory: () => new service.database(config, logger),
      },
      ...own,
    ],
    exports: [service.configToken, LOGGER, service.database, ...own.map(tokenOf)],
  };
}

const tokenOf = (provider: Provider): InjectionToken => ('provide' in provider ? provider.provide : provider);

@Module({})
class ServiceModule {}

/**
 * A service's root module: its infra first, then the event kit (outbox relay, consumers), the mail kit
 * when it sends email, the health subject, and last its features, which inject all of these. Nest
 * shuts modules down in the reverse order, so the database client closes after everything using it.
 */
export function serviceModule<C extends ServiceRuntimeConfig>(
  service: ServiceDefinition<C>,
  config: C,
  logger: Logger,
): DynamicModule {
  const mail = service.mail?.(config);
  return {
    module: ServiceModule,
    imports: [
      serviceInfraModule(service, config, logger),
      EventKitModule.forService({
        service: service.name,
        databaseUrl: config.databaseUrl,
        natsUrl: config.natsUrl,
        natsCredentials: config.natsCredentials,
        natsTls: config.natsTls,
        logger,
        retentionDays: config.eventRetentionDays,
      }),
      ...(mail ? [MailKitModule.forService({ mail, logger })] : []),
      ServiceHealthModule.forService({
        service: service.name,
        subject: service.healthSubject,
        database: service.database,
      }),
      ...service.features,
    ],
  };
}
