import { fileURLToPath } from 'node:url';
import { Subjects } from '@medtutor/contracts';
import { defineService } from '@medtutor/nest-kit';
import { TUTORING_CONFIG, loadTutoringConfig } from './config/tutoring.config.js';
import { Clock } from './infra/clock.js';
import { PrismaService } from './infra/prisma.service.js';
import { BookingsModule } from './modules/bookings/bookings.module.js';
import { CalendarFeedsModule } from './modules/calendar-feeds/calendar-feeds.module.js';
import { ConsultationsModule } from './modules/consultations/consultations.module.js';
import { PackagesModule } from './modules/packages/packages.module.js';
import { PrivacyErasureModule } from './modules/privacy-erasure/privacy-erasure.module.js';
import { PrivacyExportModule } from './modules/privacy-export/privacy-export.module.js';
import { RemindersModule } from './modules/reminders/reminders.module.js';
import { RetentionModule } from './modules/retention/retention.module.js';
import { TutorAccountsModule } from './modules/tutor-accounts/tutor-accounts.module.js';
import { TutorsModule } from './modules/tutors/tutors.module.js';

/** tutoring: what `main.ts` runs and the integration tests boot. */
export const tutoring = defineService({
  name: 'tutoring',
  healthSubject: Subjects.tutoring.health,
  // src/ and dist/ both sit one level below the service folder.
  migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
  loadConfig: loadTutoringConfig,
  configToken: TUTORING_CONFIG,
  database: PrismaService,
  providers: () => [Clock],
  mail: (config) => config.mail,
  features: [
    PackagesModule,
    TutorsModule,
    ConsultationsModule,
    TutorAccountsModule,
    BookingsModule,
    RemindersModule,
    CalendarFeedsModule,
    RetentionModule,
    PrivacyExportModule,
    PrivacyErasureModule,
  ],
});
