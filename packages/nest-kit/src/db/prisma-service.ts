import type { OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import type { DatabaseConnections } from './connection-budget.js';
import { prismaPgArguments } from './pg-pool.js';

/** The part of a service's config its Prisma client reads: the URL, and Prisma's share of DATABASE_CONNECTIONS. */
export interface PrismaServiceConfig {
  databaseUrl: string;
  databaseConnections: Pick<DatabaseConnections, 'prisma'>;
}

/** A service's `PrismaService` class, as `prismaService` makes it. */
export type PrismaServiceClass<Client> = new (
  config: PrismaServiceConfig,
  logger: Logger,
) => Client & OnModuleInit & OnApplicationShutdown;

/** The part of a generated Prisma client this class calls. */
interface PrismaClientShape {
  $connect(): Promise<void>;
  $disconnect(): Promise<void>;
}

/**
 * The base of a service's `PrismaService`: its generated `PrismaClient` on `@prisma/adapter-pg`'s
 * `PrismaPg` over a pool of its own (`prismaPgArguments`), where a dropped connection is logged and
 * replaced, never fatal. It disconnects in the last shutdown phase, once requests, consumers and
 * relays are done with the database. Both classes come from the service, so the kit depends on
 * neither its generated client nor the adapter:
 * `export class PrismaService extends prismaService(PrismaClient, PrismaPg) {}`.
 */
export function prismaService<Client extends PrismaClientShape, Adapter>(
  PrismaClient: new (options: { adapter: Adapter }) => Client,
  PrismaPg: new (...args: ReturnType<typeof prismaPgArguments>) => Adapter,
  options: {
    /** Connect while the app initialises, failing the start if the database is unreachable; else on first use. */
    connectOnStart?: boolean;
  } = {},
): PrismaServiceClass<Client> {
  const Base = PrismaClient as new (options: { adapter: Adapter }) => PrismaClientShape;
  class PrismaService extends Base implements OnModuleInit, OnApplicationShutdown {
    constructor(config: PrismaServiceConfig, logger: Logger) {
      const poolSize = config.databaseConnections.prisma;
      super({ adapter: new PrismaPg(...prismaPgArguments({ databaseUrl: config.databaseUrl, poolSize, logger })) });
    }

    async onModuleInit(): Promise<void> {
      if (options.connectOnStart) await this.$connect();
    }

    async onApplicationShutdown(): Promise<void> {
      await this.$disconnect();
    }
  }
  return PrismaService as unknown as PrismaServiceClass<Client>;
}
