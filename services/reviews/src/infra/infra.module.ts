import { type DynamicModule, Global, Module } from '@nestjs/common';
import { REVIEWS_CONFIG, type ReviewsConfig } from '../config/reviews.config.js';
import { PrismaService } from './prisma.service.js';

/** Process-wide singletons every module may inject: the config and the database client. */
@Global()
@Module({})
export class InfraModule {
  static register(config: ReviewsConfig): DynamicModule {
    return {
      module: InfraModule,
      providers: [{ provide: REVIEWS_CONFIG, useValue: config }, PrismaService],
      exports: [REVIEWS_CONFIG, PrismaService],
    };
  }
}
