import { fileURLToPath } from 'node:url';
import { Subjects } from '@medtutor/contracts';
import { defineService } from '@medtutor/nest-kit';
import { PAYROLL_CONFIG, loadPayrollConfig } from './config/payroll.config.js';
import { PrismaService } from './infra/prisma.service.js';
import { PayslipsModule } from './modules/payslips/payslips.module.js';
import { PrivacyErasureModule } from './modules/privacy-erasure/privacy-erasure.module.js';
import { PrivacyExportModule } from './modules/privacy-export/privacy-export.module.js';
import { StudentNamesModule } from './modules/student-names/student-names.module.js';

/** payroll: what `main.ts` runs and the integration tests boot. */
export const payroll = defineService({
  name: 'payroll',
  healthSubject: Subjects.payroll.health,
  // src/ and dist/ both sit one level below the service folder.
  migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
  loadConfig: loadPayrollConfig,
  configToken: PAYROLL_CONFIG,
  database: PrismaService,
  features: [PayslipsModule, StudentNamesModule, PrivacyExportModule, PrivacyErasureModule],
});
