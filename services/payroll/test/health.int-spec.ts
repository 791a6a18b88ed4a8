import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { HealthReplySchema, Subjects } from '@medtutor/contracts';
import { startServiceUnderTest, type ServiceUnderTest, testActorKeys } from '@medtutor/nest-kit/testing';
import { firstValueFrom } from 'rxjs';
import { AppModule, SERVICE_NAME } from '../src/app.module.js';
import { loadPayrollConfig } from '../src/config/payroll.config.js';

const migrationsDir = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

describe('payroll service over NATS', () => {
  let service: ServiceUnderTest;

  beforeAll(async () => {
    service = await startServiceUnderTest({
      name: SERVICE_NAME,
      label: 'payroll_health',
      migrationsDir,
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
  });

  afterAll(() => service.stop());

  it('answers its health subject with the database and NATS checks', async () => {
    const reply = await firstValueFrom(service.client.send(Subjects.payroll.health, {}));

    expect(HealthReplySchema.parse(reply)).toEqual({
      service: 'payroll',
      status: 'ok',
      checks: { database: 'ok', nats: 'ok' },
    });
  });
});
