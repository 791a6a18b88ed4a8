import { type DynamicModule, Global, Module } from '@nestjs/common';
import { PAYROLL_CONFIG, type PayrollConfig } from '../config/payroll.config.js';
import { PrismaService } from './prisma.service.js';

/** Process-wide singletons every module may inject: the config and the database client. */
@Global()
@Module({})
export class InfraModule {
  static register(config: PayrollConfig): DynamicModule {
    return {
      module: InfraModule,
      providers: [{ provide: PAYROLL_CONFIG, useValue: config }, PrismaService],
      exports: [PAYROLL_CONFIG, PrismaService],
    };
  }
}
