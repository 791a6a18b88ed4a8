import { DeadLetterStream, EventStreams, type ServiceName } from '@medtutor/contracts';
import {
  JetStreamApiCodes,
  JetStreamApiError,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
} from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';

export interface StreamDefinition {
  name: string;
  subjects: readonly string[];
}

/** Every service's event stream plus the dead letters. */
export const PlatformStreams: readonly StreamDefinition[] = [...Object.values(EventStreams), DeadLetterStream];

const StreamOwners: Record<ServiceName, StreamDefinition> = {
  identity: EventStreams.identity,
  'catalog-payments': EventStreams.catalogPayments,
  tutoring: EventStreams.tutoring,
  reviews: EventStreams.reviews,
  payroll: EventStreams.payroll,
};

/**
 * What a service declares at start: its own event stream and the dead letters its consumers write
 * to. NATS lets no service create or change another's stream (infra/nats/authorization.conf), so a
 * consumer of another service's events waits until that service has started once.
 */
export function streamsDeclaredBy(service: string): StreamDefinition[] {
  const own = (StreamOwners as Partial<Record<string, StreamDefinition>>)[service];
  return own ? [own, DeadLetterStream] : [DeadLetterStream];
}

export interface EnsureStreamsOptions {
  /** 1 on one server; 3 on the clustered JetStream in Kubernetes. */
  replicas?: number;
  /** How long JetStream remembers message ids to drop re-published outbox rows. */
  duplicateWindowMs?: number;
}

export const DEFAULT_DUPLICATE_WINDOW_MS = 2 * 60_000;

/**
 * Creates the streams, or updates their subjects, replicas and duplicate window. Idempotent and
 * safe when several services start at once: a stream created meanwhile is updated instead.
 */
export async function ensureStreams(
  nc: NatsConnection,
  streams: readonly StreamDefinition[] = PlatformStreams,
  options: EnsureStreamsOptions = {},
): Promise<void> {
  const jsm = await jetstreamManager(nc);
  const settings = {
    num_replicas: options.replicas ?? 1,
    duplicate_window: nanos(options.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS),
  };
  for (const stream of streams) {
    const update = { ...settings, subjects: [...stream.subjects] };
    const exists = await jsm.streams.info(stream.name).then(
      () => true,
      (error: unknown) => {
        if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound) return false;
        throw error;
      },
    );
    if (exists) {
      await jsm.streams.update(stream.name, update);
      continue;
    }
    await jsm.streams
      .add({ ...update, name: stream.name, storage: StorageType.File, retention: RetentionPolicy.Limits })
      .catch(async (error: unknown) => {
        // Another service created it between our two calls.
        if (
          !(await jsm.streams.info(stream.name).then(
            () => true,
            () => false,
          ))
        )
          throw error;
        await jsm.streams.update(stream.name, update);
      });
  }
}
