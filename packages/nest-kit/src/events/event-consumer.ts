import { setTimeout as sleep } from 'node:timers/promises';
import {
  deadLetterSubject,
  type EventEnvelope,
  EventEnvelopeSchema,
  ReplayForConsumerHeader,
} from '@medtutor/contracts';
import { type ConsumerMessages, JetStreamApiCodes, JetStreamApiError, jetstream, type JsMsg } from '@nats-io/jetstream';
import { headers, type NatsConnection } from '@nats-io/transport-node';
import type { Span } from '@opentelemetry/api';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { isTransientError } from '../errors/transient-error.js';
import { inProcessSpan, recordOutcome } from '../tracing/spans.js';
import { type ConsumeOutcome, EventMetrics, watchConsumer } from './event-metrics.js';
import { PROVISION_COMMAND } from './provision.js';

/**
 * How a consumer trades redelivery speed against work in the process; every field has a default
 * (`ConsumerDefaults`). What the server holds (ack wait, pending limit) is provisioned from the
 * registry in contracts (`PlatformConsumers`), not set here.
 */
export interface ConsumerTuning {
  /** Messages one process fetches ahead of the one it handles (handled one at a time, in order). */
  prefetch?: number;
  /** Deliveries after which a handler failing for a non-transient cause dead-letters the event. */
  maxAttempts?: number;
  /** First retry delay; it doubles with each delivery up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** How long stop() waits for the message in hand before leaving it to be redelivered. */
  stopTimeoutMs?: number;
}

export const ConsumerDefaults: Required<ConsumerTuning> = {
  prefetch: 8,
  maxAttempts: 5,
  retryDelayMs: 1_000,
  // Retries of a transient failure come at most 5 s apart, so effects resume within about 5 s of the
  // database's return; during an outage that is one cheap failing attempt per fetched event per 5 s.
  maxRetryDelayMs: 5_000,
  stopTimeoutMs: 10_000,
};

/** The handler's verdict when it returns: the effect happened now, or had happened before (inbox). */
export type HandledOutcome = 'processed' | 'duplicate';

export interface EventConsumerOptions<T = unknown> extends ConsumerTuning {
  nc: NatsConnection;
  stream: string;
  /** Durable consumer name, shared by the service's replicas so they split the work. */
  durable: string;
  /**
   * One subject on nats-server 2.9. The consumer must have been provisioned with it; one that filters
   * anything else is not used.
   */
  filterSubject: string;
  /** The event's data; a message whose data fails it is dead-lettered on its first delivery. */
  schema: z.ZodType<T>;
  /** Throwing means "not now": see the failure rules on `startConsumer`. */
  handle: (envelope: EventEnvelope<T>) => Promise<HandledOutcome>;
  logger: Logger;
}

export interface EventConsumerHandle {
  /**
   * Stops pulling, finishes the message in hand (up to `stopTimeoutMs`) and naks the ones fetched
   * ahead at once, so another replica takes them now rather than after the ack wait.
   */
  stop(): Promise<void>;
}

/** Headers on a dead letter, next to the original payload and headers. */
export const DeadLetterHeaders = {
  reason: 'Dead-Letter-Reason',
  error: 'Dead-Letter-Error',
  stream: 'Dead-Letter-Stream',
  subject: 'Dead-Letter-Subject',
  consumer: 'Dead-Letter-Consumer',
  streamSequence: 'Dead-Letter-Stream-Sequence',
  deliveries: 'Dead-Letter-Deliveries',
} as const;

export const DeadLetterReasons = {
  unparsable: 'unparsable JSON',
  invalidEnvelope: 'invalid envelope',
  invalidData: 'data fails the event schema',
  handlerFailed: 'handler failed',
} as const;

/** How long a pull waits on the server; also bounds the wait before the pull resumes after a reconnect. */
const PULL_EXPIRES_MS = 5_000;
/** Pause before restarting a consume loop that ended; doubles up to the longest. */
const RESTART_FIRST_MS = 250;
const RESTART_MAX_MS = 5_000;

/**
 * Consumes one event type from a durable pull consumer with explicit acks:
 * - a message with unparsable JSON, an invalid envelope or data failing `schema` goes to
 *   `deadletter.<durable>` on its first delivery, with the reason;
 * - a handler failing for a transient cause (`isTransientError`: database, broker, network) naks
 *   with a growing delay capped at `maxRetryDelayMs`, for as long as the cause lasts: never a dead letter;
 * - any other failure is retried the same way until delivery `maxAttempts`, then dead-lettered;
 * - a replayed dead letter (header `Replay-For-Consumer`) meant for another consumer is acked unseen.
 * The server's delivery limit is unlimited, so deliveries that end with no outcome (a crash, a broken
 * connection, a broker outage) never drop or dead-letter a message: it simply comes back.
 * The durable consumer is not created here: the process's NATS user may not create or change any
 * stream or consumer (infra/nats/authorization.conf), the deploy step `npm run events -- provision`
 * does. A consumer not provisioned yet, or provisioned with another filter, is waited for with a log
 * line naming that command; a lost consume loop (connection trouble, the consumer deleted) is
 * restarted until stop().
 */
export async function startConsumer<T>(options: EventConsumerOptions<T>): Promise<EventConsumerHandle> {
  const run = new ConsumerRun(options);
  await run.firstAttempt;
  return { stop: () => run.stop() };
}

class ConsumerRun<T> {
  readonly firstAttempt: Promise<void>;
  private readonly tuning: Required<ConsumerTuning>;
  private readonly logger: Logger;
  private readonly js;
  private readonly stopping = new AbortController();
  private messages: ConsumerMessages | undefined;
  private readonly done: Promise<void>;
  private attempted!: () => void;
  private readonly unwatch: () => void;
  /** The provisioned ack wait, read from the server: how often a long handler says it is still working. */
  private ackWaitMs = 5_000;

  constructor(private readonly options: EventConsumerOptions<T>) {
    this.unwatch = watchConsumer(options.nc, options.stream, options.durable);
    this.tuning = { ...ConsumerDefaults, ...definedOnly(options) };
    this.logger = options.logger.child({ consumer: options.durable, stream: options.stream });
    this.js = jetstream(options.nc);
    this.firstAttempt = new Promise((resolve) => (this.attempted = resolve));
    this.done = this.run();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    // Ends the pulls; the messages already fetched still come through the loop, which naks them.
    void this.messages?.close();
    const timedOut = await Promise.race([
      this.done.then(() => false),
      sleep(this.tuning.stopTimeoutMs, true, { ref: false }),
    ]);
    if (timedOut) this.logger.warn('event consumer stop timed out; the message in hand will be redelivered');
    this.unwatch();
  }

  private get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  private async run(): Promise<void> {
    const { nc } = this.options;
    for (let failures = 0; !this.stopped && !nc.isClosed();) {
      try {
        const consumer = await this.js.consumers.get(this.options.stream, this.options.durable);
        const { config } = await consumer.info(true);
        if (config.filter_subject !== this.options.filterSubject) {
          throw new ConsumerMisprovisioned(config.filter_subject ?? '(none)', this.options.filterSubject);
        }
        if (config.ack_wait) this.ackWaitMs = config.ack_wait / 1_000_000;
        const messages = await consumer.consume({ max_messages: this.tuning.prefetch, expires: PULL_EXPIRES_MS });
        this.messages = messages;
        if (this.stopped) void messages.close();
        void this.watch(messages);
        this.logger.info({ filterSubject: this.options.filterSubject }, 'event consumer started');
        this.attempted();
        for await (const msg of messages) {
          if (this.stopped) {
            msg.nak();
            continue;
          }
          await inProcessSpan({ subject: msg.subject, headers: msg.headers, consumer: this.options.durable }, (span) =>
            this.process(msg, span),
          );
          failures = 0;
        }
        if (this.stopped || nc.isClosed()) return;
        this.logger.warn('event consume loop ended; restarting it');
      } catch (error) {
        if (this.stopped || nc.isClosed()) return;
        const missing = notProvisioned(error);
        if (!missing) this.logger.error({ err: error }, 'event consumer not running; retrying');
        else if (failures === 0) {
          this.logger.warn(
            { problem: missing, filterSubject: this.options.filterSubject },
            `event consumer not provisioned (${missing}): run \`${PROVISION_COMMAND}\`; the consumer starts once it is there`,
          );
        }
        this.attempted();
      }
      failures += 1;
      const delay = Math.min(RESTART_FIRST_MS * 2 ** (failures - 1), RESTART_MAX_MS);
      await sleep(delay, undefined, { signal: this.stopping.signal }).catch(() => undefined);
    }
  }

  /** Logs what the consume loop reports, and ends it when its consumer is gone so run() waits for it again. */
  private async watch(messages: ConsumerMessages): Promise<void> {
    for await (const status of messages.status()) {
      if (status.type === 'consumer_deleted' || status.type === 'consumer_not_found') {
        this.logger.error(
          { status },
          `event consumer vanished from the server; waiting for it to be provisioned again (\`${PROVISION_COMMAND}\`)`,
        );
        void messages.close();
      } else if (status.type === 'heartbeats_missed' || status.type === 'stream_not_found') {
        this.logger.warn({ status }, 'event consumer lost contact with the server');
      }
    }
  }

  private async process(msg: JsMsg, span: Span): Promise<void> {
    const startedAt = performance.now();
    const consumer = this.options.durable;
    const outcome = (value: ConsumeOutcome) => {
      recordOutcome(span, value);
      EventMetrics.record(consumer, value, (performance.now() - startedAt) / 1_000);
    };
    if (msg.info.deliveryCount > 1) EventMetrics.redelivery(consumer);

    const replayFor = msg.headers?.get(ReplayForConsumerHeader);
    if (replayFor && replayFor !== consumer) {
      // A dead letter replayed for another consumer of this subject: this one handled the original.
      msg.ack();
      return outcome('skipped');
    }

    // Keeps a long handler's delivery from being redelivered to another replica meanwhile.
    const inProgress = setInterval(
      () => {
        try {
          msg.working();
        } catch {
          // The connection is closing: the delivery is redelivered after the ack wait anyway.
        }
      },
      Math.max(this.ackWaitMs * 0.4, 100),
    ).unref();
    try {
      const parsed = parseEvent(msg, this.options.schema);
      if (!parsed.ok) return outcome(await this.deadLetter(msg, parsed.reason, parsed.error));
      const handled = await this.handle(msg, parsed.envelope);
      outcome(handled);
    } catch (error) {
      // Only acking or naking itself can get here; the message then comes back after the ack wait.
      this.logger.error({ err: error, streamSequence: msg.info.streamSequence }, 'event processing failed');
    } finally {
      clearInterval(inProgress);
    }
  }

  private async handle(msg: JsMsg, envelope: EventEnvelope<T>): Promise<ConsumeOutcome> {
    const deliveries = msg.info.deliveryCount;
    try {
      const handled = await this.options.handle(envelope);
      msg.ack();
      return handled;
    } catch (error) {
      const transient = isTransientError(error);
      if (!transient && deliveries >= this.tuning.maxAttempts) {
        return this.deadLetter(msg, `${DeadLetterReasons.handlerFailed} at delivery ${deliveries}`, error);
      }
      const delay = this.retryDelay(deliveries);
      this.logger.warn(
        { err: error, eventId: envelope.id, type: envelope.type, deliveries, transient, retryInMs: delay },
        transient
          ? 'event handler hit a transient failure; will retry until it passes'
          : 'event handler failed; will retry',
      );
      msg.nak(delay);
      return 'retried';
    }
  }

  private retryDelay(deliveries: number): number {
    return Math.min(this.tuning.retryDelayMs * 2 ** (deliveries - 1), this.tuning.maxRetryDelayMs);
  }

  private async deadLetter(msg: JsMsg, reason: string, error: unknown): Promise<ConsumeOutcome> {
    const { durable } = this.options;
    const letter = headers();
    for (const [key, values] of msg.headers ?? []) {
      // Nats-* headers steer JetStream (Nats-Msg-Id would deduplicate against the original).
      if (key.toLowerCase().startsWith('nats-')) continue;
      for (const value of values) letter.append(key, value);
    }
    letter.set(DeadLetterHeaders.reason, reason);
    letter.set(DeadLetterHeaders.error, oneLine(error));
    letter.set(DeadLetterHeaders.stream, msg.info.stream);
    letter.set(DeadLetterHeaders.subject, msg.subject);
    letter.set(DeadLetterHeaders.consumer, durable);
    letter.set(DeadLetterHeaders.streamSequence, String(msg.info.streamSequence));
    letter.set(DeadLetterHeaders.deliveries, String(msg.info.deliveryCount));
    try {
      await this.js.publish(deadLetterSubject(durable), msg.data, {
        headers: letter,
        // A retry after a crash between publish and term must not file the letter twice.
        msgID: `${msg.info.stream}:${durable}:${msg.info.streamSequence}`,
      });
    } catch (publishError) {
      // Keep the message: it comes back and is dead-lettered then.
      this.logger.error({ err: publishError, streamSequence: msg.info.streamSequence }, 'dead-letter publish failed');
      msg.nak(this.retryDelay(msg.info.deliveryCount));
      return 'retried';
    }
    // No reason on the term: nats-server 2.9 does not recognise `+TERM <reason>` (the letter has it).
    msg.term();
    this.logger.error(
      { reason, err: error, streamSequence: msg.info.streamSequence, deliveries: msg.info.deliveryCount },
      'event dead-lettered',
    );
    return 'dead_lettered';
  }
}

type ParsedEvent<T> = { ok: true; envelope: EventEnvelope<T> } | { ok: false; reason: string; error: unknown };

function parseEvent<T>(msg: JsMsg, schema: z.ZodType<T>): ParsedEvent<T> {
  let json: unknown;
  try {
    json = msg.json();
  } catch (error) {
    return { ok: false, reason: DeadLetterReasons.unparsable, error };
  }
  const envelope = EventEnvelopeSchema.safeParse(json);
  if (!envelope.success) return { ok: false, reason: DeadLetterReasons.invalidEnvelope, error: envelope.error };
  const data = schema.safeParse(envelope.data.data);
  if (!data.success) return { ok: false, reason: DeadLetterReasons.invalidData, error: data.error };
  return { ok: true, envelope: { ...envelope.data, data: data.data } };
}

function oneLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/\s+/g, ' ').slice(0, 1024);
}

/** A provisioned consumer whose filter is not the one this code reads: it would deliver the wrong events. */
class ConsumerMisprovisioned extends Error {
  override name = 'ConsumerMisprovisioned';
  constructor(
    readonly provisioned: string,
    readonly expected: string,
  ) {
    super(`the consumer filters ${provisioned}, this code reads ${expected}`);
  }
}

/** Why the consumer cannot start until provisioning runs, or null for any other failure. */
function notProvisioned(error: unknown): string | null {
  if (error instanceof ConsumerMisprovisioned) return error.message;
  if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound) return 'no such stream';
  if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.ConsumerNotFound) {
    return 'no such consumer';
  }
  return null;
}

/** The tuning fields a caller actually set, so an explicit `undefined` keeps the default. */
function definedOnly(options: ConsumerTuning): ConsumerTuning {
  const tuning: ConsumerTuning = {};
  for (const key of Object.keys(ConsumerDefaults) as Array<keyof ConsumerTuning>) {
    const value = options[key];
    if (value !== undefined) tuning[key] = value;
  }
  return tuning;
}
