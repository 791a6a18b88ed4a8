import { type DynamicModule, Global, Module } from '@nestjs/common';
import { TUTORING_CONFIG, type TutoringConfig } from '../config/tutoring.config.js';
import { PrismaService } from './prisma.service.js';

/** Process-wide singletons every module may inject: the config and the database client. */
@Global()
@Module({})
export class InfraModule {
  static register(config: TutoringConfig): DynamicModule {
    return {
      module: InfraModule,
      providers: [{ provide: TUTORING_CONFIG, useValue: config }, PrismaService],
      exports: [TUTORING_CONFIG, PrismaService],
    };
  }
}
