import type { KeyObject } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import { type ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';
import { pino, type Logger } from 'pino';
import { bootstrapService } from '../bootstrap/bootstrap-service.js';
import { natsReconnectOptions } from '../nats/nats-connection.js';
import { testActorKeys } from './actor-assertions.js';
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
 * A service booted the production way (`bootstrapService`) on a fresh migrated database and a
 * private NATS server, with a connected client. `module` builds the app module from the two URLs,
 * so each test chooses its own configuration.
 */
export async function startServiceUnderTest(options: {
  name: string;
  /** Names the test database, e.g. `payments_catalog`. */
  label: string;
  migrationsDir: string;
  module: (urls: { databaseUrl: string; natsUrl: string }, logger: Logger) => unknown;
  logger?: Logger;
  /** A NATS server shared with other services under test (the caller stops it); a private one otherwise. */
  nats?: TestNats;
  /** The public keys the service trusts; the test pair of `signedMeta` unless given. */
  actorVerifyKeys?: readonly KeyObject[];
}): Promise<ServiceUnderTest> {
  const db = await createTestDatabase(options.label, options.migrationsDir);
  const nats = options.nats ?? (await startTestNats());
  const logger = options.logger ?? pino({ level: 'silent' });
  const app = await bootstrapService({
    name: options.name,
    module: options.module({ databaseUrl: db.url, natsUrl: nats.url }, logger),
    natsUrl: nats.url,
    logger,
    actorVerifyKeys: options.actorVerifyKeys ?? [testActorKeys.publicKey],
  });
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
