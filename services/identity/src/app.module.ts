import { type DynamicModule, Module } from '@nestjs/common';
import { Subjects } from '@medtutor/contracts';
import { serviceAppModule } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import type { IdentityConfig } from './config/identity.config.js';
import { InfraModule } from './infra/infra.module.js';
import { PrismaService } from './infra/prisma.service.js';
import { FreeTrialModule } from './modules/free-trial/free-trial.module.js';
import { GuardianConsentModule } from './modules/guardian-consent/guardian-consent.module.js';
import { PrivacyErasureModule } from './modules/privacy-erasure/privacy-erasure.module.js';
import { PasswordResetsModule } from './modules/password-resets/password-resets.module.js';
import { RetentionModule } from './modules/retention/retention.module.js';
import { PrivacyExportModule } from './modules/privacy-export/privacy-export.module.js';
import { StudentNamesModule } from './modules/student-names/student-names.module.js';
import { TutorInvitationsModule } from './modules/tutor-invitations/tutor-invitations.module.js';
import { TwoFactorModule } from './modules/two-factor/two-factor.module.js';
import { UsersModule } from './modules/users/users.module.js';

export const SERVICE_NAME = 'identity';

@Module({})
export class AppModule {
  static register(config: IdentityConfig, logger: Logger): DynamicModule {
    return serviceAppModule(AppModule, {
      service: SERVICE_NAME,
      healthSubject: Subjects.identity.health,
      config,
      logger,
      infra: InfraModule.register(config, logger),
      database: PrismaService,
      mail: config.mail,
      features: [
        UsersModule,
        PasswordResetsModule,
        FreeTrialModule,
        TutorInvitationsModule,
        TwoFactorModule,
        StudentNamesModule,
        GuardianConsentModule,
        RetentionModule,
        PrivacyExportModule,
        PrivacyErasureModule,
      ],
    });
  }
}
