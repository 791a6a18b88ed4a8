import { type DynamicModule, Module } from '@nestjs/common';
import { Subjects } from '@medtutor/contracts';
import { serviceAppModule } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import type { PayrollConfig } from './config/payroll.config.js';
import { InfraModule } from './infra/infra.module.js';
import { PrismaService } from './infra/prisma.service.js';
import { PayslipsModule } from './modules/payslips/payslips.module.js';
import { PrivacyExportModule } from './modules/privacy-export/privacy-export.module.js';
import { StudentNamesModule } from './modules/student-names/student-names.module.js';
import { PrivacyErasureModule } from './modules/privacy-erasure/privacy-erasure.module.js';

export const SERVICE_NAME = 'payroll';

@Module({})
export class AppModule {
  static register(config: PayrollConfig, logger: Logger): DynamicModule {
    return serviceAppModule(AppModule, {
      service: SERVICE_NAME,
      healthSubject: Subjects.payroll.health,
      config,
      logger,
      infra: InfraModule.register(config),
      database: PrismaService,
      features: [PayslipsModule, StudentNamesModule, PrivacyExportModule, PrivacyErasureModule],
    });
  }
}
