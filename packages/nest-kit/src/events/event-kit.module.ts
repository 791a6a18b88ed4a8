import {
  type BeforeApplicationShutdown,
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import type { Logger } from 'pino';
import { connectNats } from '../nats/nats-connection.js';
import { type EventConsumerHandle, type EventConsumerOptions, startConsumer } from './event-consumer.js';
import { OutboxRelay, type OutboxRelayOptions } from './outbox-relay.js';
import { ensureStreams, PlatformStreams } from './streams.js';

export interface EventKitOptions {
  /** Names the NATS connection and the log lines. */
  service: string;
  /** The service's own database, which holds its outbox. */
  databaseUrl: string;
  natsUrl: string;
  logger: Logger;
  /** JetStream replicas for the platform's streams: 1 locally, 3 on a cluster. */
  jetstreamReplicas?: number;
  relay?: Pick<OutboxRelayOptions, 'pollIntervalMs' | 'batchSize' | 'maxBackoffMs' | 'publishTimeoutMs'>;
}

/** Injection token of the NATS connection used for JetStream (Nest's transport has its own). */
export const EVENTS_NATS = Symbol('EVENTS_NATS');
const EVENT_KIT_OPTIONS = Symbol('EVENT_KIT_OPTIONS');
const OUTBOX_POOL = Symbol('OUTBOX_POOL');

/** Ensures the streams, runs the relay and closes the connections in order at shutdown. */
@Injectable()
class EventKitRuntime implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown {
  private streamsReady: Promise<void> | undefined;

  constructor(
    @Inject(EVENT_KIT_OPTIONS) private readonly options: EventKitOptions,
    @Inject(EVENTS_NATS) private readonly nc: NatsConnection,
    @Inject(OUTBOX_POOL) private readonly pool: pg.Pool,
    private readonly relay: OutboxRelay,
  ) {}

  ensureStreams(): Promise<void> {
    this.streamsReady ??= ensureStreams(this.nc, PlatformStreams, { replicas: this.options.jetstreamReplicas });
    return this.streamsReady;
  }

  async onModuleInit(): Promise<void> {
    await this.ensureStreams();
    this.relay.start();
    this.options.logger.info(
      { streams: PlatformStreams.map((stream) => stream.name) },
      'event streams ready; outbox relay started',
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.relay.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nc.drain();
    await this.pool.end();
  }
}

/** Starts a service's event consumers once the streams exist, and stops them at shutdown. */
@Injectable()
export class EventConsumers implements BeforeApplicationShutdown {
  private readonly handles: EventConsumerHandle[] = [];

  constructor(
    @Inject(EVENT_KIT_OPTIONS) private readonly options: EventKitOptions,
    @Inject(EVENTS_NATS) private readonly nc: NatsConnection,
    private readonly runtime: EventKitRuntime,
  ) {}

  async start(consumer: Omit<EventConsumerOptions, 'nc' | 'logger'>): Promise<void> {
    await this.runtime.ensureStreams();
    this.handles.push(await startConsumer({ ...consumer, nc: this.nc, logger: this.options.logger }));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.handles.splice(0).map((handle) => handle.stop()));
  }
}

/**
 * The event plumbing of one service: a JetStream connection (`EVENTS_NATS`), the outbox relay
 * (inject `OutboxRelay` to `nudge()` it after a commit) and `EventConsumers`. Global, so feature
 * modules inject these without importing it again.
 */
@Module({})
export class EventKitModule {
  static forService(options: EventKitOptions): DynamicModule {
    return {
      module: EventKitModule,
      global: true,
      providers: [
        { provide: EVENT_KIT_OPTIONS, useValue: options },
        { provide: EVENTS_NATS, useFactory: () => connectNats(options.natsUrl, `${options.service}-events`) },
        // A small pool of its own: the relay holds a transaction open while it publishes a batch.
        { provide: OUTBOX_POOL, useFactory: () => new pg.Pool({ connectionString: options.databaseUrl, max: 2 }) },
        {
          provide: OutboxRelay,
          inject: [EVENTS_NATS, OUTBOX_POOL],
          useFactory: (nc: NatsConnection, pool: pg.Pool) =>
            new OutboxRelay({
              ...options.relay,
              nc,
              pool,
              logger: options.logger.child({ component: 'outbox-relay' }),
            }),
        },
        EventKitRuntime,
        EventConsumers,
      ],
      exports: [EVENTS_NATS, OutboxRelay, EventConsumers],
    };
  }
}
