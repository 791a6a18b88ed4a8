import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { REVIEWS_CONFIG, type ReviewsConfig } from '../config/reviews.config.js';
import { PrismaClient } from '../generated/prisma/client.js';

/** The one Prisma client (and pg pool) of the process; it connects on first use. */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  constructor(@Inject(REVIEWS_CONFIG) config: ReviewsConfig) {
    super({ adapter: new PrismaPg({ connectionString: config.databaseUrl }) });
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}
