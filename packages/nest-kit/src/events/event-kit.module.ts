import {
  type BeforeApplicationShutdown,
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type { EventEnvelope, PlatformConsumer } from '@medtutor/contracts';
import type { NatsConnection } from '@nats-io/transport-node';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { RELAYS_POOL_SIZE } from '../db/connection-budget.js';
import { createPgPool } from '../db/pg-pool.js';
import { connectNats, type NatsCredentials, type NatsTls } from '../nats/nats-connection.js';
import { type ConsumerTuning, type EventConsumerHandle, startConsumer } from './event-consumer.js';
import { watchOutbox } from './event-metrics.js';
import { EventPruner } from './event-pruner.js';
import { handleOnce } from './inbox.js';
import { OutboxRelay, type OutboxRelayOptions } from './outbox-relay.js';
import type { RawSqlExecutor, TransactionRunner } from './prisma-like.js';
import { consumerDefinition } from './provision.js';
import { StreamLimits } from './streams.js';

export interface EventKitOptions {
  /** Names the NATS connection and the log lines. */
  service: string;
  /** The service's own database, which holds its outbox. */
  databaseUrl: string;
  natsUrl: string;
  /** The service's NATS user; unset only against a server without authorization (local tests). */
  natsCredentials?: NatsCredentials | undefined;
  /** Set when NATS_URL names tls:// servers. */
  natsTls?: NatsTls | undefined;
  logger: Logger;
  /**
   * `EVENT_RETENTION_DAYS`: how long published outbox rows and inbox rows are kept; the same number as
   * the streams' retention that the provisioning step sets, so an inbox row outlives every copy of its
   * message. Default `StreamLimits.retentionDays` (7).
   */
  retentionDays?: number | undefined;
  /** How often old outbox and inbox rows are pruned (default hourly). */
  pruneIntervalMs?: number | undefined;
  relay?: Pick<
    OutboxRelayOptions,
    'pollIntervalMs' | 'batchSize' | 'maxBackoffMs' | 'publishTimeoutMs' | 'flushTimeoutMs'
  >;
}

/** One event type consumed by a service, from subscription to the effect's commit. */
export interface EventConsumerDefinition<T, Tx extends RawSqlExecutor, R = unknown> extends ConsumerTuning {
  /**
   * The consumer's entry in the registry (`PlatformConsumers.*` in contracts): its durable name (the
   * inbox key and the dead-letter subject's suffix) and its event type, whose owner's stream it reads.
   * It must be one of this service's: the provisioning step created it, this only reads it.
   */
  consumer: PlatformConsumer;
  /** The event's data; a message that fails it is dead-lettered at once. */
  schema: z.ZodType<T>;
  /** The service's Prisma client: the inbox row and the effect commit in one of its transactions. */
  db: TransactionRunner<Tx>;
  /** The effect, on `tx` only; it runs at most once per event (a redelivery finds the inbox row). */
  handle: (tx: Tx, data: T, envelope: EventEnvelope<T>) => Promise<R>;
  /**
   * Runs once the effect committed (never for a delivery the inbox turned away), with what `handle`
   * returned: `relay.nudge()` when the effect wrote an outbox row, so its event leaves at once.
   */
  afterCommit?: (result: R) => void;
}

/** Injection token of the NATS connection used for JetStream (Nest's transport has its own). */
export const EVENTS_NATS = Symbol('EVENTS_NATS');
const EVENT_KIT_OPTIONS = Symbol('EVENT_KIT_OPTIONS');
/**
 * Injection token of the pool of the service's background database work: the outbox relay, the
 * event pruner, the outbox metrics and the mail kit's relay. One pool, so a service holds two
 * (Prisma's and this one) whatever kits it uses.
 */
export const RELAYS_POOL = Symbol('RELAYS_POOL');

/**
 * A service's event consumers: `start()` one per event type it reacts to (in onApplicationBootstrap).
 * Streams and consumers are created by the provisioning step (`npm run events -- provision`), not by
 * the service: one not there yet starts in the background as soon as it appears, without holding up
 * this service's start, and the log names the command meanwhile.
 */
@Injectable()
export class EventConsumers {
  private readonly handles: EventConsumerHandle[] = [];

  constructor(
    @Inject(EVENT_KIT_OPTIONS) private readonly options: EventKitOptions,
    @Inject(EVENTS_NATS) private readonly nc: NatsConnection,
  ) {}

  async start<T, Tx extends RawSqlExecutor, R>(definition: EventConsumerDefinition<T, Tx, R>): Promise<void> {
    const { consumer, schema, db, handle, afterCommit, ...tuning } = definition;
    if (consumer.service !== this.options.service) {
      throw new Error(`The consumer ${consumer.durable} is ${consumer.service}'s, not ${this.options.service}'s`);
    }
    const { stream, durable, filterSubject } = consumerDefinition(consumer);
    this.handles.push(
      await startConsumer({
        ...tuning,
        nc: this.nc,
        logger: this.options.logger,
        stream,
        durable,
        filterSubject,
        schema,
        handle: async (envelope) => {
          let result: R | undefined;
          const outcome = await handleOnce(db, durable, envelope.id, async (tx) => {
            result = await handle(tx, envelope.data, envelope);
          });
          if (outcome === 'processed') afterCommit?.(result as R);
          return outcome;
        },
      }),
    );
  }

  /** Stops every consumer: no more pulls, the message in hand finished, the ones fetched ahead released. */
  async stopAll(): Promise<void> {
    await Promise.all(this.handles.splice(0).map((handle) => handle.stop()));
  }
}

/**
 * Runs the relay and the pruner, and shuts down in order: consumers, then the relay's last flush,
 * then the connections. It declares no stream: the provisioning step does (the relay retries until
 * the stream is there).
 */
@Injectable()
class EventKitRuntime implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly pruner: EventPruner;

  constructor(
    @Inject(EVENT_KIT_OPTIONS) private readonly options: EventKitOptions,
    @Inject(EVENTS_NATS) private readonly nc: NatsConnection,
    @Inject(RELAYS_POOL) private readonly pool: pg.Pool,
    private readonly relay: OutboxRelay,
    private readonly consumers: EventConsumers,
  ) {
    this.pruner = new EventPruner({
      pool,
      logger: options.logger.child({ component: 'event-pruner' }),
      retentionDays: options.retentionDays ?? StreamLimits.retentionDays,
      intervalMs: options.pruneIntervalMs,
    });
  }

  onModuleInit(): void {
    this.relay.start();
    this.pruner.start();
    this.options.logger.info('outbox relay started');
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.consumers.stopAll();
    await this.relay.stop();
    await this.pruner.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nc.drain();
    await this.pool.end();
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
          useFactory: async () => {
            const nc = await connectNats(
              options.natsUrl,
              `${options.service}-events`,
              options.natsCredentials,
              options.natsTls,
            );
            void logConnectionStatus(nc, options.logger.child({ component: 'events-nats' }));
            return nc;
          },
        },
        {
          provide: RELAYS_POOL,
          // Apart from Prisma's: the outbox relay holds a transaction open while it publishes a batch.
          // A connection dropped mid-publish is logged by createPgPool, never a process crash.
          useFactory: () => {
            const pool = createPgPool({
              databaseUrl: options.databaseUrl,
              max: RELAYS_POOL_SIZE,
              logger: options.logger,
              name: 'relays',
            });
            watchOutbox(pool, options.service);
            return pool;
          },
        },
        {
          provide: OutboxRelay,
          inject: [EVENTS_NATS, RELAYS_POOL],
          useFactory: (nc: NatsConnection, pool: pg.Pool) =>
            new OutboxRelay({
              ...options.relay,
              nc,
              pool,
              logger: options.logger.child({ component: 'outbox-relay' }),
            }),
        },
        EventConsumers,
        EventKitRuntime,
      ],
      exports: [EVENTS_NATS, RELAYS_POOL, OutboxRelay, EventConsumers],
    };
  }
}

/** Connection trouble in the logs: the client reconnects by itself (forever), this says when and why. */
async function logConnectionStatus(nc: NatsConnection, logger: Logger): Promise<void> {
  for await (const status of nc.status()) {
    switch (status.type) {
      case 'disconnect':
      case 'staleConnection':
        logger.warn({ status }, 'events NATS connection lost; reconnecting');
        break;
      case 'reconnect':
        logger.info({ status }, 'events NATS connection back');
        break;
      case 'error':
      case 'ldm':
      case 'slowConsumer':
        logger.error({ status }, 'events NATS connection reports a problem');
        break;
      default:
        break;
    }
  }
}
