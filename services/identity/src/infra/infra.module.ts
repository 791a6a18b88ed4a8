import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/identity.config.js';
import { LOGGER } from './logger.js';
import { PasswordHasher } from './password-hasher.js';
import { PrismaService } from './prisma.service.js';

/** Process-wide singletons every module may inject: config, logger, database, password hashing. */
@Global()
@Module({})
export class InfraModule {
  static register(config: IdentityConfig, logger: Logger): DynamicModule {
    return {
      module: InfraModule,
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        PrismaService,
        { provide: PasswordHasher, useFactory: () => new PasswordHasher(config.passwordHashing) },
      ],
      exports: [IDENTITY_CONFIG, LOGGER, PrismaService, PasswordHasher],
    };
  }
}
