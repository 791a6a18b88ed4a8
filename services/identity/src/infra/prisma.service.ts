import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/identity.config.js';
import { PrismaClient } from '../generated/prisma/client.js';

/** The one Prisma client (and pg pool) of the process. Repositories are its only users. */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  constructor(@Inject(IDENTITY_CONFIG) config: IdentityConfig) {
    super({ adapter: new PrismaPg({ connectionString: config.databaseUrl }) });
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}
