import { type DynamicModule, Module } from '@nestjs/common';
import { Subjects } from '@medtutor/contracts';
import { serviceAppModule } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import type { ReviewsConfig } from './config/reviews.config.js';
import { InfraModule } from './infra/infra.module.js';
import { PrismaService } from './infra/prisma.service.js';
import { PrivacyExportModule } from './modules/privacy-export/privacy-export.module.js';
import { TestimonialsModule } from './modules/testimonials/testimonials.module.js';
import { PrivacyErasureModule } from './modules/privacy-erasure/privacy-erasure.module.js';

export const SERVICE_NAME = 'reviews';

@Module({})
export class AppModule {
  static register(config: ReviewsConfig, logger: Logger): DynamicModule {
    return serviceAppModule(AppModule, {
      service: SERVICE_NAME,
      healthSubject: Subjects.reviews.health,
      config,
      logger,
      infra: InfraModule.register(config),
      database: PrismaService,
      features: [TestimonialsModule, PrivacyExportModule, PrivacyErasureModule],
    });
  }
}
