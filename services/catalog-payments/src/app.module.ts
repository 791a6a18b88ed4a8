import { type DynamicModule, Module } from '@nestjs/common';
import { Subjects } from '@medtutor/contracts';
import { serviceAppModule } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import type { CatalogPaymentsConfig } from './config/catalog-payments.config.js';
import { InfraModule } from './infra/infra.module.js';
import { CatalogModule } from './modules/catalog/catalog.module.js';
import { DiscountCodesModule } from './modules/discount-codes/discount-codes.module.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { RetentionModule } from './modules/retention/retention.module.js';
import { PrivacyExportModule } from './modules/privacy-export/privacy-export.module.js';
import { PrivacyErasureModule } from './modules/privacy-erasure/privacy-erasure.module.js';
import { RevenueModule } from './modules/revenue/revenue.module.js';
import { PrismaService } from './infra/prisma.service.js';

export const SERVICE_NAME = 'catalog-payments';

@Module({})
export class AppModule {
  static register(config: CatalogPaymentsConfig, logger: Logger): DynamicModule {
    return serviceAppModule(AppModule, {
      service: SERVICE_NAME,
      healthSubject: Subjects.catalogPayments.health,
      config,
      logger,
      infra: InfraModule.register(config, logger),
      database: PrismaService,
      mail: config.mail,
      features: [
        CatalogModule,
        DiscountCodesModule,
        PaymentsModule,
        RevenueModule,
        RetentionModule,
        PrivacyExportModule,
        PrivacyErasureModule,
      ],
    });
  }
}
