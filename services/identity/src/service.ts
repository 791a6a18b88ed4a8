import { fileURLToPath } from 'node:url';
import { Subjects } from '@medtutor/contracts';
import { defineService } from '@medtutor/nest-kit';
import { IDENTITY_CONFIG, loadIdentityConfig } from './config/identity.config.js';
import { PasswordHasher } from './infra/password-hasher.js';
import { PrismaService } from './infra/prisma.service.js';
import { FreeTrialModule } from './modules/free-trial/free-trial.module.js';
import { GuardianConsentModule } from './modules/guardian-consent/guardian-consent.module.js';
import { PasswordResetsModule } from './modules/password-resets/password-resets.module.js';
import { PrivacyErasureModule } from './modules/privacy-erasure/privacy-erasure.module.js';
import { PrivacyExportModule } from './modules/privacy-export/privacy-export.module.js';
import { RetentionModule } from './modules/retention/retention.module.js';
import { StudentNamesModule } from './modules/student-names/student-names.module.js';
import { TutorInvitationsModule } from './modules/tutor-invitations/tutor-invitations.module.js';
import { TwoFactorModule } from './modules/two-factor/two-factor.module.js';
import { UsersModule } from './modules/users/users.module.js';

/** identity: what `main.ts` runs and the integration tests boot. */
export const identity = defineService({
  name: 'identity',
  healthSubject: Subjects.identity.health,
  // src/ and dist/ both sit one level below the service folder.
  migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
  loadConfig: loadIdentityConfig,
  configToken: IDENTITY_CONFIG,
  database: PrismaService,
  providers: (config) => [{ provide: PasswordHasher, useFactory: () => new PasswordHasher(config.passwordHashing) }],
  mail: (config) => config.mail,
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
