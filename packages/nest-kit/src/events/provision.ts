import { eventSubject, type PlatformConsumer, PlatformConsumers } from '@medtutor/contracts';
import {
  AckPolicy,
  type ConsumerConfig,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  jetstreamManager,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { ensureStreams, type EnsureStreamsOptions, PlatformStreams, streamOfEvent } from './streams.js';

/** The command that creates the platform's streams and consumers, named in the logs when they are missing. */
export const PROVISION_COMMAND = 'npm run events -- provision';

/** A durable consumer as the server holds it: where it reads, what it filters, and its limits. */
export interface ConsumerDefinition {
  stream: string;
  durable: string;
  /** One subject on nats-server 2.9. */
  filterSubject: string;
  ackWaitMs: number;
  maxAckPending: number;
}

/** Where a registry entry reads: its event's owner stream, filtered to that one event. */
export function consumerDefinition(entry: PlatformConsumer): ConsumerDefinition {
  return {
    stream: streamOfEvent(entry.event).name,
    durable: entry.durable,
    filterSubject: eventSubject(entry.event),
    ackWaitMs: entry.ackWaitMs,
    maxAckPending: entry.maxAckPending,
  };
}

/** Every consumer of the platform, from the registry in contracts. */
export function platformConsumerDefinitions(): ConsumerDefinition[] {
  return Object.values(PlatformConsumers).map(consumerDefinition);
}

/**
 * The settings of a durable consumer, every one explicit: explicit acks, the ack wait, how many may
 * be pending, and no delivery limit (retries and dead letters are the consuming code's call).
 */
export function consumerSettings(definition: ConsumerDefinition) {
  return {
    filter_subject: definition.filterSubject,
    ack_wait: nanos(definition.ackWaitMs),
    max_ack_pending: definition.maxAckPending,
    max_deliver: -1,
  } satisfies Partial<ConsumerConfig>;
}

export type ConsumerOutcome = 'created' | 'updated' | 'unchanged';

/** Creates a durable consumer or brings its settings up to date; idempotent. */
export async function ensureConsumer(
  nc: NatsConnection | JetStreamManager,
  definition: ConsumerDefinition,
): Promise<ConsumerOutcome> {
  const jsm = 'consumers' in nc ? nc : await jetstreamManager(nc);
  const { stream, durable } = definition;
  const settings = consumerSettings(definition);
  const existing = await jsm.consumers.info(stream, durable).catch((error: unknown) => {
    if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.ConsumerNotFound) return null;
    throw error;
  });
  if (!existing) {
    await jsm.consumers.add(stream, {
      ...settings,
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
    });
    return 'created';
  }
  const current = existing.config;
  const unchanged =
    current.filter_subject === settings.filter_subject &&
    current.ack_wait === settings.ack_wait &&
    current.max_ack_pending === settings.max_ack_pending &&
    current.max_deliver === settings.max_deliver;
  if (unchanged) return 'unchanged';
  await jsm.consumers.update(stream, durable, settings);
  return 'updated';
}

export interface ProvisionReport {
  streams: string[];
  consumers: Array<{ stream: string; durable: string; outcome: ConsumerOutcome }>;
}

/**
 * The deploy step that gives the platform its JetStream objects: every stream (`PlatformStreams`) with
 * its limits, then every durable consumer of the registry (`PlatformConsumers`). Idempotent, so it runs
 * before every start and every rollout; the apps themselves may create or change nothing. Run as the
 * `provisioner` NATS user, whose rights cover exactly this.
 */
export async function provisionEvents(
  nc: NatsConnection,
  options: EnsureStreamsOptions & { consumers?: readonly ConsumerDefinition[] } = {},
): Promise<ProvisionReport> {
  await ensureStreams(nc, PlatformStreams, options);
  const jsm = await jetstreamManager(nc);
  const report: ProvisionReport = { streams: PlatformStreams.map(({ name }) => name), consumers: [] };
  for (const definition of options.consumers ?? platformConsumerDefinitions()) {
    const outcome = await ensureConsumer(jsm, definition);
    report.consumers.push({ stream: definition.stream, durable: definition.durable, outcome });
  }
  return report;
}
