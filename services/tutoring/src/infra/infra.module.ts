import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { TUTORING_CONFIG, type TutoringConfig } from '../config/tutoring.config.js';
import { Clock } from './clock.js';
import { LOGGER } from './logger.js';
import { PrismaService } from './prisma.service.js';

/** Process-wide singletons every module may inject: the config, the logger, the clock and the database client. */
@Global()
@Module({})
export class InfraModule {
  static register(config: TutoringConfig, logger: Logger): DynamicModule {
    return {
      module: InfraModule,
      providers: [
        { provide: TUTORING_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        Clock,
        PrismaService,
      ],
      exports: [TUTORING_CONFIG, LOGGER, Clock, PrismaService],
    };
  }
}
