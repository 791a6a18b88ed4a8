import { type DynamicModule, Module } from '@nestjs/common';
import { Subjects } from '@medtutor/contracts';
import { EventKitModule, ServiceHealthModule } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import type { ReviewsConfig } from './config/reviews.config.js';
import { InfraModule } from './infra/infra.module.js';
import { PrismaService } from './infra/prisma.service.js';
import { TestimonialsModule } from './modules/testimonials/testimonials.module.js';

export const SERVICE_NAME = 'reviews';

@Module({})
export class AppModule {
  static register(config: ReviewsConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfraModule.register(config),
        EventKitModule.forService({
          service: SERVICE_NAME,
          databaseUrl: config.databaseUrl,
          natsUrl: config.natsUrl,
          natsCredentials: config.natsCredentials,
          logger,
          jetstreamReplicas: config.jetstreamReplicas,
          retentionDays: config.eventRetentionDays,
        }),
        ServiceHealthModule.forService({
          service: SERVICE_NAME,
          subject: Subjects.reviews.health,
          database: PrismaService,
        }),
        TestimonialsModule,
      ],
    };
  }
}
