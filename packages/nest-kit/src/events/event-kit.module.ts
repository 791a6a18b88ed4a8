import {
  type BeforeApplicationShutdown,
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import type { Logger } from 'pino';
import { connectNats, type NatsCredentials } from '../nats/nats-connection.js';
import { type EventConsumerHandle, type EventConsumerOptions, startConsumer } from './event-consumer.js';
import { OutboxRelay, type OutboxRelayOptions } from './outbox-relay.js';
import { ensureStreams, streamsDeclaredBy } from './streams.js';

export interface EventKitOptions {
  /** Names the NATS connection and the log lines. */
  service: string;
  /** The service's own database, which holds its outbox. */
  databaseUrl: string;
  natsUrl: string;
  /** The service's NATS user; unset only against a server without authorization (local tests). */
  natsCredentials?: NatsCredentials | undefined;
  logger: Logger;
  /** JetStream replicas for the platform's streams: 1 locally, 3 on a cluster. */
  jetstreamReplicas?: number;
  relay?: Pick<OutboxRelayOptions, 'pollIntervalMs' | 'batchSize' | 'maxBackoffMs' | 'publishTimeoutMs'>;
}

/** Injection token of the NATS connection used for JetStream (Nest's transport has its own). */
export const EVENTS_NATS = Symbol('EVENTS_NATS');
const EVENT_KIT_OPTIONS = Symbol('EVENT_KIT_OPTIONS');
const OUTBOX_POOL = Symbol('OUTBOX_POOL');

/** While a consumer waits for another service's stream: first and longest pause between checks. */
const STREAM_WAIT_FIRST_MS = 250;
const STREAM_WAIT_MAX_MS = 5_000;

/** Ensures the service's own streams, runs the relay and closes the connections in order at shutdown. */
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
    this.streamsReady ??= ensureStreams(this.nc, streamsDeclaredBy(this.options.service), {
      replicas: this.options.jetstreamReplicas,
    });
    return this.streamsReady;
  }

  async onModuleInit(): Promise<void> {
    await this.ensureStreams();
    this.relay.start();
    this.options.logger.info(
      { streams: streamsDeclaredBy(this.options.service).map((stream) => stream.name) },
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

/**
 * Starts a service's event consumers once their streams exist, and stops them at shutdown. A stream
 * that another service owns may not exist yet (services start in any order): that consumer is then
 * started in the background as soon as the stream appears, without holding up this service's start.
 */
@Injectable()
export class EventConsumers implements BeforeApplicationShutdown {
  private readonly handles: EventConsumerHandle[] = [];
  private readonly waiting: Array<Promise<void>> = [];
  private readonly stopping = new AbortController();

  constructor(
    @Inject(EVENT_KIT_OPTIONS) private readonly options: EventKitOptions,
    @Inject(EVENTS_NATS) private readonly nc: NatsConnection,
    private readonly runtime: EventKitRuntime,
  ) {}

  async start(consumer: Omit<EventConsumerOptions, 'nc' | 'logger'>): Promise<void> {
    await this.runtime.ensureStreams();
    const options: EventConsumerOptions = { ...consumer, nc: this.nc, logger: this.options.logger };
    try {
      this.handles.push(await startConsumer(options));
    } catch (error) {
      if (!isStreamNotFound(error)) throw error;
      this.options.logger.warn(
        { stream: consumer.stream, consumer: consumer.durable },
        'event stream not there yet (its service has not started); the consumer starts when it appears',
      );
      this.waiting.push(this.startWhenStreamExists(options));
    }
  }

  private async startWhenStreamExists(options: EventConsumerOptions): Promise<void> {
    const { signal } = this.stopping;
    for (let delay = STREAM_WAIT_FIRST_MS; ; delay = Math.min(delay * 2, STREAM_WAIT_MAX_MS)) {
      const stopped = await sleep(delay, false, { signal }).catch(() => true);
      if (stopped) return;
      try {
        this.handles.push(await startConsumer(options));
        this.options.logger.info({ stream: options.stream, consumer: options.durable }, 'event stream appeared');
        return;
      } catch (error) {
        if (isStreamNotFound(error)) continue;
        // Anything else (NATS down, a permission missing) is logged and retried at the longest pause.
        this.options.logger.error({ err: error, consumer: options.durable }, 'event consumer could not start');
        delay = STREAM_WAIT_MAX_MS;
      }
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping.abort();
    await Promise.all(this.waiting.splice(0));
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
        {
          provide: EVENTS_NATS,
          useFactory: () => connectNats(options.natsUrl, `${options.service}-events`, options.natsCredentials),
        },
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

function isStreamNotFound(error: unknown): boolean {
  return error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound;
}
