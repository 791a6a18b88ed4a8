import { fileURLToPath } from 'node:url';
import { Subjects } from '@medtutor/contracts';
import { defineService } from '@medtutor/nest-kit';
import { CATALOG_PAYMENTS_CONFIG, loadCatalogPaymentsConfig } from './config/catalog-payments.config.js';
import { PrismaService } from './infra/prisma.service.js';
import { CatalogModule } from './modules/catalog/catalog.module.js';
import { DiscountCodesModule } from './modules/discount-codes/discount-codes.module.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { PrivacyErasureModule } from './modules/privacy-erasure/privacy-erasure.module.js';
import { PrivacyExportModule } from './modules/privacy-export/privacy-export.module.js';
import { RetentionModule } from './modules/retention/retention.module.js';
import { RevenueModule } from './modules/revenue/revenue.module.js';

/** catalog-payments: what `main.ts` runs and the integration tests boot. */
export const catalogPayments = defineService({
  name: 'catalog-payments',
  healthSubject: Subjects.catalogPayments.health,
  // src/ and dist/ both sit one level below the service folder.
  migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
  loadConfig: loadCatalogPaymentsConfig,
  configToken: CATALOG_PAYMENTS_CONFIG,
  database: PrismaService,
  mail: (config) => config.mail,
  features: [
    CatalogModule,
    DiscountCodesModule,
    PaymentsModule,
    RevenueModule,
    RetentionModule,
    PrivacyExportModule,
    PrivacyErasureModule,
  ],
});
