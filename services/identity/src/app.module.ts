import { type DynamicModule, Module } from '@nestjs/common';
import { EventKitModule } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import type { IdentityConfig } from './config/identity.config.js';
import { InfraModule } from './infra/infra.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { PasswordResetsModule } from './modules/password-resets/password-resets.module.js';
import { UsersModule } from './modules/users/users.module.js';

@Module({})
export class AppModule {
  static register(config: IdentityConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfraModule.register(config, logger),
        EventKitModule.forService({ service: 'identity', databaseUrl: config.databaseUrl, natsUrl: config.natsUrl, logger }),
        UsersModule,
        PasswordResetsModule,
        HealthModule,
      ],
    };
  }
}
