import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { HealthReplySchema, Subjects } from '@medtutor/contracts';
import { startServiceUnderTest, type ServiceUnderTest } from '@medtutor/nest-kit/testing';
import { firstValueFrom } from 'rxjs';
import { AppModule, SERVICE_NAME } from '../src/app.module.js';
import { loadTutoringConfig } from '../src/config/tutoring.config.js';

const migrationsDir = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

describe('tutoring service over NATS', () => {
  let service: ServiceUnderTest;

  beforeAll(async () => {
    service = await startServiceUnderTest({
      name: SERVICE_NAME,
      label: 'tutoring_health',
      migrationsDir,
      module: ({ databaseUrl, natsUrl }, logger) =>
        AppModule.register(
          loadTutoringConfig({ NODE_ENV: 'test', TUTORING_DATABASE_URL: databaseUrl, NATS_URL: natsUrl }),
          logger,
        ),
    });
  });

  afterAll(() => service.stop());

  it('answers its health subject with the database and NATS checks', async () => {
    const reply = await firstValueFrom(service.client.send(Subjects.tutoring.health, {}));

    expect(HealthReplySchema.parse(reply)).toEqual({
      service: 'tutoring',
      status: 'ok',
      checks: { database: 'ok', nats: 'ok' },
    });
  });
});
