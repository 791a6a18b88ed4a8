import { DeadLetterStream, EventStreams, eventSubject } from '@medtutor/contracts';
import {
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type StreamConfig,
} from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';

export interface StreamDefinition {
  name: string;
  subjects: readonly string[];
}

/** Every service's event stream plus the dead letters. */
export const PlatformStreams: readonly StreamDefinition[] = [...Object.values(EventStreams), DeadLetterStream];

/** The platform stream that stores an event type: the one whose subjects match `events.<type>`. */
export function streamOfEvent(type: string): StreamDefinition {
  const subject = eventSubject(type);
  const stream = Object.values(EventStreams).find((candidate) =>
    candidate.subjects.some((pattern) => subjectMatches(pattern, subject)),
  );
  if (!stream) throw new Error(`No platform stream stores ${subject}: its owner is not a service`);
  return stream;
}

/** NATS subject matching: `*` is one token, a final `>` one or more. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const wanted = pattern.split('.');
  const tokens = subject.split('.');
  for (const [index, token] of wanted.entries()) {
    if (token === '>') return tokens.length > index;
    if (index >= tokens.length || (token !== '*' && token !== tokens[index])) return false;
  }
  return tokens.length === wanted.length;
}

export interface EnsureStreamsOptions {
  /** 1 on one server; 3 on the clustered JetStream in Kubernetes. */
  replicas?: number | undefined;
  /**
   * How long an event stream keeps a message, consumed or not (`EVENT_RETENTION_DAYS`); the services'
   * inboxes keep their rows as long, so they read the same variable.
   */
  retentionDays?: number | undefined;
}

export const StreamLimits = {
  /** Also the default of `EVENT_RETENTION_DAYS`: a consumer may be down this long without losing events. */
  retentionDays: 7,
  /** Dead letters wait longer for a person to look at them. */
  deadLetterRetentionDays: 30,
  eventStreamMaxBytes: 1024 ** 3,
  deadLetterMaxBytes: 512 * 1024 ** 2,
  /** How long JetStream remembers message ids, to drop an outbox row re-published after a relay crash. */
  duplicateWindowMs: 2 * 60_000,
} as const;

const DAY_MS = 24 * 60 * 60_000;

/**
 * The full configuration of a platform stream, nothing left to the server's defaults: file storage,
 * limits retention bounded by age and size (the oldest messages go first), the duplicate window and
 * the replicas.
 */
export function streamConfig(
  stream: StreamDefinition,
  options: EnsureStreamsOptions = {},
): Partial<StreamConfig> & { name: string } {
  const deadLetters = stream.name === DeadLetterStream.name;
  const retentionDays = deadLetters
    ? StreamLimits.deadLetterRetentionDays
    : (options.retentionDays ?? StreamLimits.retentionDays);
  return {
    name: stream.name,
    subjects: [...stream.subjects],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    discard: DiscardPolicy.Old,
    max_age: nanos(retentionDays * DAY_MS),
    max_bytes: deadLetters ? StreamLimits.deadLetterMaxBytes : StreamLimits.eventStreamMaxBytes,
    max_msgs: -1,
    duplicate_window: nanos(StreamLimits.duplicateWindowMs),
    num_replicas: options.replicas ?? 1,
  };
}

/**
 * Creates the streams, or brings their configuration up to date: the provisioning step's work
 * (`provisionEvents`), never an app's. Idempotent and safe when two provisioners run at once: a
 * stream created meanwhile is updated instead.
 */
export async function ensureStreams(
  nc: NatsConnection,
  streams: readonly StreamDefinition[] = PlatformStreams,
  options: EnsureStreamsOptions = {},
): Promise<void> {
  const jsm = await jetstreamManager(nc);
  for (const stream of streams) {
    const config = streamConfig(stream, options);
    // Storage and retention are fixed at creation; the server refuses an update that names them.
    const { storage: _storage, retention: _retention, name: _name, ...update } = config;
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
    await jsm.streams.add(config).catch(async (error: unknown) => {
      // Another service created it between our two calls.
      const createdMeanwhile = await jsm.streams.info(stream.name).then(
        () => true,
        () => false,
      );
      if (!createdMeanwhile) throw error;
      await jsm.streams.update(stream.name, update);
    });
  }
}
