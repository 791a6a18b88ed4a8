import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  EVENTS_NATS,
  EventConsumers,
  HealthChecks,
  MailRelay,
  LOGGER,
  OutboxRelay,
  type PrismaServiceConfig,
  type ServiceDefinition,
  serviceModule,
  type ServiceRuntimeConfig,
} from '@medtutor/nest-kit';
import { createTestDatabase, testNatsUrl, type TestDatabase } from '@medtutor/nest-kit/testing';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import pg from 'pg';
import { pino } from 'pino';

const migrationsDir = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));

/** What happened, in order, as the providers saw it. */
const seen: string[] = [];
/** The event kit's JetStream connection, as the feature received it: the database client looks at it. */
let eventsNats: NatsConnection | undefined;

/**
 * A service's database client as `prismaService` makes them: built from the config, usable from
 * start, closed in the last shutdown phase, after which a query fails.
 */
class DatabaseClient implements OnModuleInit, OnApplicationShutdown {
  private readonly pool: pg.Pool;
  private closed = false;

  constructor(config: PrismaServiceConfig) {
    this.pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.databaseConnections.prisma });
  }

  async onModuleInit(): Promise<void> {
    await this.pool.query('SELECT 1');
    seen.push('database ready');
  }

  async $queryRawUnsafe(query: string): Promise<unknown> {
    if (this.closed) throw new Error('the database client is closed');
    return (await this.pool.query(query)).rows;
  }

  async onApplicationShutdown(): Promise<void> {
    seen.push(`database closing; event NATS ${eventsNats?.isClosed() ? 'closed' : 'open'}`);
    this.closed = true;
    await this.pool.end();
  }
}
const CONFIG = Symbol('CONFIG');

/** A service's own singleton, as identity's password hashing. */
class Hasher {}

/** A feature as services write theirs: it injects the infra, the event kit and (if any) the mail kit. */
@Injectable()
class Feature implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    @Inject(DatabaseClient) private readonly database: DatabaseClient,
    @Inject(CONFIG) readonly config: ServiceRuntimeConfig,
    @Inject(LOGGER) readonly logger: unknown,
    @Inject(Hasher) readonly hasher: Hasher,
    @Inject(EVENTS_NATS) nats: NatsConnection,
    readonly consumers: EventConsumers,
    readonly relay: OutboxRelay,
  ) {
    eventsNats = nats;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.database.$queryRawUnsafe('SELECT 1');
    seen.push('feature started');
  }

  /** A consumer's last message in hand still reaches the database and NATS. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.database.$queryRawUnsafe('SELECT 1');
    seen.push(`feature stopping; event NATS ${eventsNats?.isClosed() ? 'closed' : 'open'}`);
  }
}
@Module({ providers: [Feature] })
class FeatureModule {}

/**
 * serviceModule against real PostgreSQL and NATS: the module boots with each part able to use the
 * ones it needs, and shuts down in the order the imports give it (Nest runs global modules' hooks in
 * import order, shutdown in reverse): features first, then the kits, and the database client last, so
 * the consumers' last messages and the relay's last flush still have it.
 */
describe('serviceModule (real PostgreSQL and NATS)', () => {
  let db: TestDatabase;
  let natsUrl: string;
  let mailDir: string;

  beforeAll(async () => {
    db = await createTestDatabase('service_app', migrationsDir);
    natsUrl = await testNatsUrl();
    mailDir = mkdtempSync(join(tmpdir(), 'service-app-mail-'));
  });

  afterAll(async () => {
    await db?.drop();
    rmSync(mailDir, { recursive: true, force: true });
  });

  const logger = pino({ level: 'silent' });
  const configOf = (databaseUrl: string): ServiceRuntimeConfig => ({
    logLevel: 'silent',
    databaseUrl,
    dbAutoCreate: false,
    migrateOnStart: false,
    natsUrl,
    databaseConnections: { prisma: 1, outbox: 1, mail: 1, leases: 0 },
    actorVerifyKeys: [],
    eventRetentionDays: 7,
  });
  const serviceWith = (mail: boolean): ServiceDefinition<ServiceRuntimeConfig> => ({
    name: 'reviews',
    healthSubject: 'reviews.health',
    migrationsDir,
    loadConfig: () => configOf(db.url),
    configToken: CONFIG,
    database: DatabaseClient,
    providers: () => [Hasher],
    mail: mail
      ? () => ({ from: 'Tests <no-reply@example.test>', transport: { kind: 'folder', dir: mailDir } })
      : undefined,
    features: [FeatureModule],
  });

  const boot = async (mail: boolean) => {
    seen.length = 0;
    const service = serviceWith(mail);
    const config = service.loadConfig();
    const app = await NestFactory.createApplicationContext(serviceModule(service, config, logger), { logger: false });
    await app.init();
    return { app, config };
  };

  it.each([
    ['a service without email', false],
    ['a service that sends email', true],
  ])('%s: boots with its features wired to the kits, and closes the database last', async (_case, mail) => {
    const { app, config } = await boot(mail);
    try {
      const feature = app.get(Feature);
      expect(feature.config).toBe(config);
      expect(feature.logger).toBe(logger);
      expect(feature.hasher).toBeInstanceOf(Hasher);
      expect(feature.consumers).toBe(app.get(EventConsumers));
      if (mail) expect(app.get(MailRelay)).toBeInstanceOf(MailRelay);
      // The health subject's checks probe the infra's database client (startService, not used
      // here, gives them the NATS connections to watch).
      await expect(app.get(HealthChecks).run()).resolves.toMatchObject({
        service: 'reviews',
        checks: { database: 'ok' },
      });
    } finally {
      await app.close();
    }
    expect(seen).toEqual([
      'database ready',
      'feature started',
      'feature stopping; event NATS open',
      'database closing; event NATS closed',
    ]);
    await expect(app.get(HealthChecks).run()).resolves.toMatchObject({ checks: { database: 'failed' } });
  });
});
