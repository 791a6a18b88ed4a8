import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { HealthReplySchema, Subjects } from '@medtutor/contracts';
import { eventually, startServiceUnderTest, type ServiceUnderTest, testActorKeys } from '@medtutor/nest-kit/testing';
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
    // Nothing at start queries this database, so the first check also opens the Prisma client's
    // connection; on a busy machine that can outlast the check's 2 s and report it failed once.
    const reply = await eventually(
      async () => {
        const answer = HealthReplySchema.parse(
          await firstValueFrom(service.client.send(Subjects.catalogPayments.health, {})),
        );
        return answer.status === 'ok' && answer;
      },
      10_000,
      'a healthy answer',
    );

    expect(reply).toEqual({
      service: 'catalog-payments',
      status: 'ok',
      checks: { database: 'ok', nats: 'ok' },
    });
  });
});
