import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { createLogger, prismaPgArguments } from '@medtutor/nest-kit';
import { PrismaPg } from '@prisma/adapter-pg';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/identity.config.js';
import { PrismaClient } from '../generated/prisma/client.js';

/**
 * The one Prisma client (and pg pool: DATABASE_CONNECTIONS less the relays' pools and the lock connections) of the process. Repositories
 * are its only users. A dropped connection is logged and replaced, never fatal.
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit, OnApplicationShutdown {
  constructor(@Inject(IDENTITY_CONFIG) config: IdentityConfig) {
    const logger = createLogger('identity', config.logLevel);
    super({
      adapter: new PrismaPg(
        ...prismaPgArguments({ databaseUrl: config.databaseUrl, poolSize: config.databaseConnections.prisma, logger }),
      ),
    });
  }

  /** Connecting at start loads the Wasm query compiler and fails the boot if the database is unreachable. */
  async onModuleInit(): Promise<void> {
    await this.$connect();
  }

  /** The last shutdown phase: background workers stop in `beforeApplicationShutdown`, before this. */
  async onApplicationShutdown(): Promise<void> {
    await this.$disconnect();
  }
}
