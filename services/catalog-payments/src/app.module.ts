import { type DynamicModule, Module } from '@nestjs/common';
import { Subjects } from '@medtutor/contracts';
import { EventKitModule, MailKitModule, ServiceHealthModule } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import type { CatalogPaymentsConfig } from './config/catalog-payments.config.js';
import { InfraModule } from './infra/infra.module.js';
import { CatalogModule } from './modules/catalog/catalog.module.js';
import { DiscountCodesModule } from './modules/discount-codes/discount-codes.module.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { RevenueModule } from './modules/revenue/revenue.module.js';
import { PrismaService } from './infra/prisma.service.js';

export const SERVICE_NAME = 'catalog-payments';

@Module({})
export class AppModule {
  static register(config: CatalogPaymentsConfig, logger: Logger): DynamicModule {
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
          subject: Subjects.catalogPayments.health,
          database: PrismaService,
        }),
        CatalogModule,
        DiscountCodesModule,
        PaymentsModule,
        RevenueModule,
      ],
    };
  }
}
