import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { CATALOG_PAYMENTS_CONFIG, type CatalogPaymentsConfig } from '../config/catalog-payments.config.js';
import { LOGGER } from './logger.js';
import { PrismaService } from './prisma.service.js';

/** Process-wide singletons every module may inject: the config, the logger and the database client. */
@Global()
@Module({})
export class InfraModule {
  static register(config: CatalogPaymentsConfig, logger: Logger): DynamicModule {
    return {
      module: InfraModule,
      providers: [
        { provide: CATALOG_PAYMENTS_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        PrismaService,
      ],
      exports: [CATALOG_PAYMENTS_CONFIG, LOGGER, PrismaService],
    };
  }
}
