import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/identity.config.js';
import { PrismaClient } from '../generated/prisma/client.js';

/** The one Prisma client (and pg pool) of the process. Repositories are its only users. */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit, OnApplicationShutdown {
  constructor(@Inject(IDENTITY_CONFIG) config: IdentityConfig) {
    super({ adapter: new PrismaPg({ connectionString: config.databaseUrl }) });
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
