import { createHash } from 'node:crypto';

/** One answer of a public read, ready to send: the JSON bytes, their entity tag, when they were fetched. */
export interface PublicSnapshot {
  readonly body: Buffer;
  readonly etag: string;
  readonly fetchedAt: number;
}

export interface PublicReadModelOptions {
  /**
   * How long a snapshot is used without any sign of change. Events are what keep it fresh; this
   * only bounds the damage of an event the gateway never heard (core NATS delivers at most once).
   * Past it, the snapshot is still served while one refresh runs.
   */
  maxAgeMs: number;
  now?: () => number;
}

/** A strong entity tag of the exact bytes: equal bodies, equal tags, on every gateway replica. */
export const entityTagOf = (body: Buffer): string => `"${createHash('sha256').update(body).digest('base64url')}"`;

/**
 * A public answer held in memory (testimonials, tutor cards, prices), so a page view costs no
 * service round trip. The rule it keeps: **no answer is older than the arrival of an event that
 * changed it**. `invalidate()` (an event arrived) drops the snapshot at once, so every later request
 * waits for a fetch started after the event; a fetch that began before it may still answer the
 * requests that joined it earlier, but is never kept. Only one fetch runs at a time per generation.
 */
export class PublicReadModel {
  private snapshot: PublicSnapshot | undefined;
  /** Bumped by every invalidation: a fetch keeps its result only if none happened meanwhile. */
  private generation = 0;
  private refreshing: { generation: number; done: Promise<PublicSnapshot> } | undefined;
  private readonly now: () => number;

  constructor(
    private readonly fetchAnswer: () => Promise<unknown>,
    private readonly options: PublicReadModelOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /**
   * The answer to send. A fresh snapshot at once; an aged one at once too, while a refresh runs
   * (nothing said it changed); none (never fetched, or dropped by an event), after a fetch. A failed
   * fetch fails the requests waiting on it; an aged snapshot is kept when its refresh fails.
   */
  async current(): Promise<PublicSnapshot> {
    return this.held() ?? this.refresh();
  }

  /**
   * The snapshot held now, if any, without waiting: an aged one starts its refresh. Undefined when
   * there is none (never fetched, dropped by an event): then only `current()` can answer.
   */
  held(): PublicSnapshot | undefined {
    const snapshot = this.snapshot;
    if (snapshot && this.now() - snapshot.fetchedAt >= this.options.maxAgeMs) {
      // The error is the next request's to see if the snapshot goes; this one has its answer.
      this.refresh().catch(() => {});
    }
    return snapshot;
  }

  /** Something changed (an event, or a lost connection that may have hidden one). */
  invalidate(): void {
    this.generation++;
    this.snapshot = undefined;
  }

  /** Fetches now (start-up warming); failures are the caller's to log. */
  warm(): Promise<PublicSnapshot> {
    return this.refresh();
  }

  private refresh(): Promise<PublicSnapshot> {
    if (this.refreshing?.generation === this.generation) return this.refreshing.done;
    const generation = this.generation;
    const done = this.fetchAnswer().then((answer) => {
      const body = Buffer.from(JSON.stringify(answer));
      const snapshot = { body, etag: entityTagOf(body), fetchedAt: this.now() };
      if (generation === this.generation) this.snapshot = snapshot;
      return snapshot;
    });
    const entry = { generation, done };
    this.refreshing = entry;
    const settle = () => {
      if (this.refreshing === entry) this.refreshing = undefined;
    };
    done.then(settle, settle);
    return done;
  }
}
