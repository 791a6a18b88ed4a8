import { type DynamicModule, Module } from '@nestjs/common';
import { Subjects } from '@medtutor/contracts';
import { EventKitModule, MailKitModule, ServiceHealthModule } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import type { TutoringConfig } from './config/tutoring.config.js';
import { InfraModule } from './infra/infra.module.js';
import { PrismaService } from './infra/prisma.service.js';
import { ConsultationsModule } from './modules/consultations/consultations.module.js';
import { PackagesModule } from './modules/packages/packages.module.js';
import { TutorAccountsModule } from './modules/tutor-accounts/tutor-accounts.module.js';
import { TutorsModule } from './modules/tutors/tutors.module.js';

export const SERVICE_NAME = 'tutoring';

@Module({})
export class AppModule {
  static register(config: TutoringConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfraModule.register(config, logger),
        EventKitModule.forService({
          service: SERVICE_NAME,
          databaseUrl: config.databaseUrl,
          natsUrl: config.natsUrl,
          natsCredentials: config.natsCredentials,
          logger,
          jetstreamReplicas: config.jetstreamReplicas,
          retentionDays: config.eventRetentionDays,
        }),
        MailKitModule.forService({ databaseUrl: config.databaseUrl, mail: config.mail, logger }),
        ServiceHealthModule.forService({
          service: SERVICE_NAME,
          subject: Subjects.tutoring.health,
          database: PrismaService,
        }),
        PackagesModule,
        TutorsModule,
        ConsultationsModule,
        TutorAccountsModule,
      ],
    };
  }
}
