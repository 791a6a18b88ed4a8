import { fileURLToPath } from 'node:url';
import { bootstrapService, ConfigError, createLogger, prepareDatabase } from '@medtutor/nest-kit';
import { AppModule, SERVICE_NAME } from './app.module.js';
import { loadCatalogPaymentsConfig } from './config/catalog-payments.config.js';

// src/main.ts and dist/main.js both sit one level below the service folder.
const MIGRATIONS_DIR = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

async function main(): Promise<void> {
  const config = loadCatalogPaymentsConfig();
  const logger = createLogger(SERVICE_NAME, config.logLevel);
  await prepareDatabase({
    databaseUrl: config.databaseUrl,
    migrationsDir: MIGRATIONS_DIR,
    autoCreate: config.dbAutoCreate,
    logger,
  });
  await bootstrapService({
    name: SERVICE_NAME,
    module: AppModule.register(config, logger),
    natsUrl: config.natsUrl,
    logger,
    healthPort: config.healthPort,
  });
}

main().catch((error: unknown) => {
  // A configuration error is already a readable list; anything else gets its stack.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
