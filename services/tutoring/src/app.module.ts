import { type DynamicModule, Module } from '@nestjs/common';
import { Subjects } from '@medtutor/contracts';
import { EventKitModule, ServiceHealthModule } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import type { TutoringConfig } from './config/tutoring.config.js';
import { InfraModule } from './infra/infra.module.js';
import { PrismaService } from './infra/prisma.service.js';

export const SERVICE_NAME = 'tutoring';

@Module({})
export class AppModule {
  static register(config: TutoringConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfraModule.register(config),
        EventKitModule.forService({
          service: SERVICE_NAME,
          databaseUrl: config.databaseUrl,
          natsUrl: config.natsUrl,
          logger,
          jetstreamReplicas: config.jetstreamReplicas,
        }),
        ServiceHealthModule.forService({
          service: SERVICE_NAME,
          subject: Subjects.tutoring.health,
          database: PrismaService,
        }),
      ],
    };
  }
}
