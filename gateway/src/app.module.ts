import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { Logger } from 'pino';
import { ServiceClientModule } from './clients/service-client.module.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './config/gateway-config.js';
import { ApiExceptionFilter } from './filters/api-exception.filter.js';
import { HealthModule } from './health/health.module.js';
import { LOGGER } from './logging/logger.js';
import { RedisModule } from './redis/redis.module.js';
import { CatalogPaymentsRoutesModule } from './routes/catalog-payments/catalog-payments-routes.module.js';
import { IdentityRoutesModule } from './routes/identity/identity-routes.module.js';
import { PayrollRoutesModule } from './routes/payroll/payroll-routes.module.js';
import { PrivacyExportRoutesModule } from './routes/privacy-export/privacy-export-routes.module.js';
import { ReviewsRoutesModule } from './routes/reviews/reviews-routes.module.js';
import { TutoringRoutesModule } from './routes/tutoring/tutoring-routes.module.js';
import { TutorPortalRoutesModule } from './routes/tutor-portal/tutor-portal-routes.module.js';
import { PublicReadsModule } from './public-reads/public-reads.module.js';
import { SessionsModule } from './sessions/sessions.module.js';

@Module({})
class CoreModule {
  static forRoot(config: GatewayConfig, logger: Logger): DynamicModule {
    const providers = [
      { provide: GATEWAY_CONFIG, useValue: config },
      { provide: LOGGER, useValue: logger },
    ];
    return { module: CoreModule, global: true, providers, exports: providers.map((provider) => provider.provide) };
  }
}

/** The gateway: configuration and logger are made once at start and handed in, never read ad hoc. */
@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, logger),
        RedisModule.forRoot(config),
        ServiceClientModule.forRoot(config),
        SessionsModule,
        PublicReadsModule,
        HealthModule,
        IdentityRoutesModule,
        CatalogPaymentsRoutesModule,
        TutoringRoutesModule,
        ReviewsRoutesModule,
        PayrollRoutesModule,
        TutorPortalRoutesModule,
        PrivacyExportRoutesModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: ApiExceptionFilter }],
    };
  }
}
