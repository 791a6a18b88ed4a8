import { fileURLToPath } from 'node:url';
import { runService } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import { AppModule, SERVICE_NAME } from './app.module.js';
import { type IdentityConfig, loadIdentityConfig } from './config/identity.config.js';
import { PasswordHasher } from './infra/password-hasher.js';
import { PrismaService } from './infra/prisma.service.js';
import { seedAdmin } from './modules/users/admin-seed.js';
import { UsersRepository } from './modules/users/users.repository.js';

// src/main.ts and dist/main.js both sit one level below the service folder.
const MIGRATIONS_DIR = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

async function seed(
  config: IdentityConfig,
  admin: NonNullable<IdentityConfig['seedAdmin']>,
  logger: Logger,
): Promise<void> {
  const prisma = new PrismaService(config);
  try {
    const result = await seedAdmin(new UsersRepository(prisma), new PasswordHasher(config.passwordHashing), admin);
    // The outcome only: the admin's email is personal data, and the operator set it anyway.
    if (result === 'username-taken') {
      logger.warn('admin not seeded: the username "admin" belongs to an account with another email');
    } else {
      logger.info({ result }, 'admin seed');
    }
  } finally {
    await prisma.$disconnect();
  }
}

runService({
  name: SERVICE_NAME,
  migrationsDir: MIGRATIONS_DIR,
  loadConfig: () => loadIdentityConfig(),
  module: (config, logger) => AppModule.register(config, logger),
  beforeListen: async (config, logger) => {
    if (config.seedAdmin) await seed(config, config.seedAdmin, logger);
    logger.info({ mailTransport: config.mail.transport.kind }, 'starting');
  },
});
