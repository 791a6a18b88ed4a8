import { runService } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import type { IdentityConfig } from './config/identity.config.js';
import { PasswordHasher } from './infra/password-hasher.js';
import { PrismaService } from './infra/prisma.service.js';
import { seedAdmin } from './modules/users/admin-seed.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { identity } from './service.js';

/** SEED_ADMIN_*: the first admin, created once its migrations are applied and before identity listens. */
async function seed(config: IdentityConfig, logger: Logger): Promise<void> {
  if (config.seedAdmin) {
    const prisma = new PrismaService(config, logger);
    try {
      const hasher = new PasswordHasher(config.passwordHashing);
      const result = await seedAdmin(new UsersRepository(prisma), hasher, config.seedAdmin);
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
  logger.info({ mailTransport: config.mail.transport.kind }, 'starting');
}

runService(identity, { beforeListen: seed });
