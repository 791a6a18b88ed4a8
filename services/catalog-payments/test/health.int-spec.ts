import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { HealthReplySchema, Subjects } from '@medtutor/contracts';
import { startServiceUnderTest, type ServiceUnderTest, testActorKeys } from '@medtutor/nest-kit/testing';
import { firstValueFrom } from 'rxjs';
import { AppModule, SERVICE_NAME } from '../src/app.module.js';
import { loadCatalogPaymentsConfig } from '../src/config/catalog-payments.config.js';

const migrationsDir = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

describe('catalog-payments service over NATS', () => {
  let service: ServiceUnderTest;

  beforeAll(async () => {
    service = await startServiceUnderTest({
      name: SERVICE_NAME,
      label: 'payments_health',
      migrationsDir,
      module: ({ databaseUrl, natsUrl }, logger) =>
        AppModule.register(
          loadCatalogPaymentsConfig({
            ACTOR_VERIFY_KEYS: testActorKeys.env.ACTOR_VERIFY_KEYS,
            NODE_ENV: 'test',
            PAYMENTS_DATABASE_URL: databaseUrl,
            NATS_URL: natsUrl,
            MAIL_FROM: 'MedPath Tutoring <no-reply@example.com>',
          }),
          logger,
        ),
    });
  });

  afterAll(() => service.stop());

  it('answers its health subject with the database and NATS checks', async () => {
    const reply = await firstValueFrom(service.client.send(Subjects.catalogPayments.health, {}));

    expect(HealthReplySchema.parse(reply)).toEqual({
      service: 'catalog-payments',
      status: 'ok',
      checks: { database: 'ok', nats: 'ok' },
    });
  });
});
