import { type DynamicModule, Global, Module } from '@nestjs/common';
import { CATALOG_PAYMENTS_CONFIG, type CatalogPaymentsConfig } from '../config/catalog-payments.config.js';
import { PrismaService } from './prisma.service.js';

/** Process-wide singletons every module may inject: the config and the database client. */
@Global()
@Module({})
export class InfraModule {
  static register(config: CatalogPaymentsConfig): DynamicModule {
    return {
      module: InfraModule,
      providers: [{ provide: CATALOG_PAYMENTS_CONFIG, useValue: config }, PrismaService],
      exports: [CATALOG_PAYMENTS_CONFIG, PrismaService],
    };
  }
}
