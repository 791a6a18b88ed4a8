import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import type { INestMicroservice } from '@nestjs/common';
import { ClientProxyFactory, type ClientProxy, Transport } from '@nestjs/microservices';
import { HealthReplySchema, Subjects } from '@medtutor/contracts';
import { bootstrapService } from '@medtutor/nest-kit';
import { createTestDatabase, startTestNats, type TestDatabase, type TestNats } from '@medtutor/nest-kit/testing';
import { pino } from 'pino';
import { firstValueFrom } from 'rxjs';
import { AppModule, SERVICE_NAME } from '../src/app.module.js';
import { loadTutoringConfig } from '../src/config/tutoring.config.js';

const migrationsDir = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

describe('tutoring service over NATS', () => {
  let db: TestDatabase;
  let app: INestMicroservice;
  let client: ClientProxy;
  let nats: TestNats;

  beforeAll(async () => {
    db = await createTestDatabase('tutoring_health', migrationsDir);
    nats = await startTestNats();
    const natsUrl = nats.url;
    const config = loadTutoringConfig({ NODE_ENV: 'test', TUTORING_DATABASE_URL: db.url, NATS_URL: natsUrl });
    const logger = pino({ level: 'silent' });
    app = await bootstrapService({ name: SERVICE_NAME, module: AppModule.register(config, logger), natsUrl, logger });
    client = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [natsUrl] } });
    await client.connect();
  });

  afterAll(async () => {
    await client.close();
    await app.close();
    await db.drop();
    await nats.stop();
  });

  it('answers its health subject with the database and NATS checks', async () => {
    const reply = await firstValueFrom(client.send(Subjects.tutoring.health, {}));

    expect(HealthReplySchema.parse(reply)).toEqual({
      service: 'tutoring',
      status: 'ok',
      checks: { database: 'ok', nats: 'ok' },
    });
  });
});
