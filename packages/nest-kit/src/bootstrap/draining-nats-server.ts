import { setTimeout as sleep } from 'node:timers/promises';
import type { Msg, MsgHdrs, NatsConnection, Subscription } from '@nats-io/transport-node';
import { type NatsContext, type NatsOptions, ServerNats } from '@nestjs/microservices';
import { RpcServerSpans } from '../tracing/spans.js';

type NatsServerOptions = Required<NatsOptions>['options'];

/**
 * Nest's NATS transport with a shutdown that drops no request. `stopIntake` unsubscribes, so NATS
 * sends the queue group's next requests to the other replicas, then waits until every request in
 * hand has been answered. Nest's own `gracefulShutdown` sleeps its whole `gracePeriod` instead, and
 * only after the application's `beforeApplicationShutdown` hooks (consumers, relays) have run.
 * Each request is handled in a SERVER span continuing the trace its headers name (the gateway's).
 */
export class DrainingNatsServer extends ServerNats {
  private readonly intake: Subscription[] = [];
  private inFlight = 0;
  private readonly idleWaiters = new Set<() => void>();
  private readonly spans = new RpcServerSpans();

  constructor(private readonly natsOptions: NatsServerOptions) {
    super(natsOptions);
    // Nest runs the end hook when the handler's answer has been produced (or it failed).
    this.setOnProcessingStartHook((_transport, context, done) => {
      this.inFlight += 1;
      const request = context as NatsContext;
      return this.spans.run(request, request.getSubject(), request.getHeaders() as MsgHdrs | undefined, done);
    });
    this.setOnProcessingEndHook((_transport, context) => {
      this.spans.end(context as NatsContext);
      this.inFlight -= 1;
      if (this.inFlight === 0) for (const wake of this.idleWaiters) wake();
    });
  }

  /** Nest's subscriptions, kept so `stopIntake` can end them while the connection stays open for replies. */
  override bindEvents(client: NatsConnection): void {
    for (const [channel, handler] of this.messageHandlers) {
      const queue: unknown = handler.extras?.['queue'] ?? this.natsOptions.queue;
      const subscription = client.subscribe(channel, {
        ...(typeof queue === 'string' ? { queue } : {}),
        callback: this.getMessageHandler(channel).bind(this) as (error: Error | null, message: Msg) => void,
      });
      this.intake.push(subscription);
    }
  }

  /** Requests being handled now (answers not sent yet). */
  get requestsInFlight(): number {
    return this.inFlight;
  }

  /**
   * Takes no more requests and resolves once those in hand are answered and the answers flushed to
   * the server, or after `timeoutMs` (returns how many were still running then).
   */
  async stopIntake(timeoutMs: number): Promise<number> {
    for (const subscription of this.intake.splice(0)) subscription.unsubscribe();
    if (this.inFlight > 0) {
      let wake = () => {};
      const idle = new Promise<void>((resolve) => (wake = resolve));
      this.idleWaiters.add(wake);
      await within(idle, timeoutMs);
      this.idleWaiters.delete(wake);
    }
    const unanswered = this.inFlight;
    // Answers are published on the tick after the end hook: flush them before the socket closes.
    await sleep(0);
    await within(this.unwrap<NatsConnection>().flush(), FLUSH_TIMEOUT_MS).catch(() => undefined);
    return unanswered;
  }
}

/** While the broker is away a flush would wait for its return; a shutdown does not. */
const FLUSH_TIMEOUT_MS = 1_000;

/** Settles with `promise`, or resolves after `ms` if it has not settled by then. */
async function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  try {
    await Promise.race([promise, expiry]);
  } finally {
    clearTimeout(timer);
  }
}
