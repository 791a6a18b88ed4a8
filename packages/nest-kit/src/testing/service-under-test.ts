import type { INestMicroservice } from '@nestjs/common';
import { type ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';
import { pino, type Logger } from 'pino';
import { startService } from '../bootstrap/run-service.js';
import type { ServiceDefinition, ServiceRuntimeConfig } from '../bootstrap/service-definition.js';
import { natsReconnectOptions } from '../nats/nats-connection.js';
import { createTestDatabase, type TestDatabase } from './infra.js';
import { startTestNats, type TestNats } from './private-nats.js';

export interface ServiceUnderTest {
  app: INestMicroservice;
  db: TestDatabase;
  nats: TestNats;
  /** A NATS client like the gateway's, on the service's private server. */
  client: ClientProxy;
  stop(): Promise<void>;
}

/**
 * A service booted the production way (`startService`, from its `src/service.ts` description) on a
 * fresh database migrated from its `migrationsDir` and a private NATS server, with a connected
 * client. `config` builds the service's config from the two URLs, so each test chooses its own.
 */
export async function startServiceUnderTest<C extends ServiceRuntimeConfig>(options: {
  service: ServiceDefinition<C>;
  /** Names the test database, e.g. `payments_catalog`. */
  label: string;
  config: (urls: { databaseUrl: string; natsUrl: string }) => C;
  logger?: Logger;
  /** A NATS server shared with other services under test (the caller stops it); a private one otherwise. */
  nats?: TestNats;
}): Promise<ServiceUnderTest> {
  const db = await createTestDatabase(options.label, options.service.migrationsDir);
  const nats = options.nats ?? (await startTestNats());
  const logger = options.logger ?? pino({ level: 'silent' });
  const app = await startService(options.service, options.config({ databaseUrl: db.url, natsUrl: nats.url }), logger);
  // Reconnects like the gateway's client, so a test may take the broker away and bring it back.
  const client = ClientProxyFactory.create({
    transport: Transport.NATS,
    options: { servers: [nats.url], ...natsReconnectOptions },
  });
  await client.connect();
  return {
    app,
    db,
    nats,
    client,
    stop: async () => {
      await client.close();
      await app.close();
      await db.drop();
      if (!options.nats) await nats.stop();
    },
  };
}
