import { fileURLToPath } from 'node:url';
import { runService } from '@medtutor/nest-kit';
import { AppModule, SERVICE_NAME } from './app.module.js';
import { loadCatalogPaymentsConfig } from './config/catalog-payments.config.js';

runService({
  name: SERVICE_NAME,
  // src/main.ts and dist/main.js both sit one level below the service folder.
  migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
  loadConfig: () => loadCatalogPaymentsConfig(),
  module: (config, logger) => AppModule.register(config, logger),
});
