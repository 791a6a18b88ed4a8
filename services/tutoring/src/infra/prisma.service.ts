import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createLogger, prismaPgArguments } from '@medtutor/nest-kit';
import { PrismaPg } from '@prisma/adapter-pg';
import { TUTORING_CONFIG, type TutoringConfig } from '../config/tutoring.config.js';
import { PrismaClient } from '../generated/prisma/client.js';

/**
 * The one Prisma client (and pg pool: DATABASE_CONNECTIONS less the relays' pools and the lock connections) of the process; it connects on
 * first use, and a dropped connection is logged and replaced, never fatal.
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnApplicationShutdown {
  constructor(@Inject(TUTORING_CONFIG) config: TutoringConfig) {
    const logger = createLogger('tutoring', config.logLevel);
    super({
      adapter: new PrismaPg(
        ...prismaPgArguments({ databaseUrl: config.databaseUrl, poolSize: config.databaseConnections.prisma, logger }),
      ),
    });
  }

  /** The last shutdown phase: requests, consumers and relays still use the database before it. */
  async onApplicationShutdown(): Promise<void> {
    await this.$disconnect();
  }
}
