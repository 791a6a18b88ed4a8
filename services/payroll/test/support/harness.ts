import { startServiceUnderTest, type ServiceUnderTest, testActorKeys } from '@medtutor/nest-kit/testing';
import { fileURLToPath } from 'node:url';
import { AppModule, SERVICE_NAME } from '../../src/app.module.js';
import { loadPayrollConfig } from '../../src/config/payroll.config.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../prisma/migrations', import.meta.url));

/** Payroll on a fresh database of its own (`label` names it) and a private NATS, as the integration tests run it. */
export function startPayrollUnderTest(label: string): Promise<ServiceUnderTest> {
  return startServiceUnderTest({
    name: SERVICE_NAME,
    label,
    migrationsDir: MIGRATIONS_DIR,
    module: ({ databaseUrl, natsUrl }, logger) =>
      AppModule.register(
        loadPayrollConfig({
          ACTOR_VERIFY_KEYS: testActorKeys.env.ACTOR_VERIFY_KEYS,
          NODE_ENV: 'test',
          PAYROLL_DATABASE_URL: databaseUrl,
          NATS_URL: natsUrl,
        }),
        logger,
      ),
  });
}
