import { type DynamicModule, Module } from '@nestjs/common';
import { Subjects } from '@medtutor/contracts';
import { serviceAppModule } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import type { TutoringConfig } from './config/tutoring.config.js';
import { InfraModule } from './infra/infra.module.js';
import { PrismaService } from './infra/prisma.service.js';
import { ConsultationsModule } from './modules/consultations/consultations.module.js';
import { BookingsModule } from './modules/bookings/bookings.module.js';
import { CalendarFeedsModule } from './modules/calendar-feeds/calendar-feeds.module.js';
import { PackagesModule } from './modules/packages/packages.module.js';
import { PrivacyExportModule } from './modules/privacy-export/privacy-export.module.js';
import { PrivacyErasureModule } from './modules/privacy-erasure/privacy-erasure.module.js';
import { RemindersModule } from './modules/reminders/reminders.module.js';
import { RetentionModule } from './modules/retention/retention.module.js';
import { TutorAccountsModule } from './modules/tutor-accounts/tutor-accounts.module.js';
import { TutorsModule } from './modules/tutors/tutors.module.js';

export const SERVICE_NAME = 'tutoring';

@Module({})
export class AppModule {
  static register(config: TutoringConfig, logger: Logger): DynamicModule {
    return serviceAppModule(AppModule, {
      service: SERVICE_NAME,
      healthSubject: Subjects.tutoring.health,
      config,
      logger,
      infra: InfraModule.register(config, logger),
      database: PrismaService,
      mail: config.mail,
      features: [
        PackagesModule,
        TutorsModule,
        ConsultationsModule,
        TutorAccountsModule,
        BookingsModule,
        RemindersModule,
        CalendarFeedsModule,
        RetentionModule,
        PrivacyExportModule,
        PrivacyErasureModule,
      ],
    });
  }
}
