import { fileURLToPath } from 'node:url';
import { Subjects } from '@medtutor/contracts';
import { defineService } from '@medtutor/nest-kit';
import { REVIEWS_CONFIG, loadReviewsConfig } from './config/reviews.config.js';
import { PrismaService } from './infra/prisma.service.js';
import { PrivacyErasureModule } from './modules/privacy-erasure/privacy-erasure.module.js';
import { PrivacyExportModule } from './modules/privacy-export/privacy-export.module.js';
import { TestimonialsModule } from './modules/testimonials/testimonials.module.js';

/** reviews: what `main.ts` runs and the integration tests boot. */
export const reviews = defineService({
  name: 'reviews',
  healthSubject: Subjects.reviews.health,
  // src/ and dist/ both sit one level below the service folder.
  migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
  loadConfig: loadReviewsConfig,
  configToken: REVIEWS_CONFIG,
  database: PrismaService,
  features: [TestimonialsModule, PrivacyExportModule, PrivacyErasureModule],
});
