import { type DynamicModule, Module } from '@nestjs/common';
import { Subjects } from '@medtutor/contracts';
import { EventKitModule, ServiceHealthModule } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import type { PayrollConfig } from './config/payroll.config.js';
import { InfraModule } from './infra/infra.module.js';
import { PrismaService } from './infra/prisma.service.js';
import { PayslipsModule } from './modules/payslips/payslips.module.js';

export const SERVICE_NAME = 'payroll';

@Module({})
export class AppModule {
  static register(config: PayrollConfig, logger: Logger): DynamicModule {
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
          subject: Subjects.payroll.health,
          database: PrismaService,
        }),
        PayslipsModule,
      ],
    };
  }
}
