import type { Logger } from 'pino';

/** What one pass of a relay did: rows handled, and whether it went through (false: back off). */
export interface RelayPass {
  handled: number;
  complete: boolean;
}

export interface RelayLoopOptions {
  /** One pass over due rows; a throw counts as a failed pass. */
  pass: () => Promise<RelayPass>;
  /** How often to look for rows nobody woke the loop about (another replica's writes, retries). */
  pollIntervalMs: number;
  /** A pass that handles this many rows is followed by another at once. */
  batchSize: number;
  /** Back-off after failed passes doubles from the poll interval up to this. */
  maxBackoffMs: number;
  logger: Logger;
  /** The log line of a pass that threw. */
  failureMessage: string;
}

/** `firstMs`, doubled after each attempt after the first, capped at `capMs`. */
export function doublingDelay(firstMs: number, attempt: number, capMs: number): number {
  return Math.min(firstMs * 2 ** (attempt - 1), capMs);
}

/**
 * The schedule of the outbox relay and the mail relay: a pass when woken (or right after the pass in
 * hand), another at once while passes come back full, one per poll interval otherwise, never two at
 * once; after a failed pass a back-off doubling from the poll interval, which wakes do not cut short.
 */
export class RelayLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private rerun = false;
  private started = false;
  private failures = 0;

  constructor(private readonly options: RelayLoopOptions) {}

  get active(): boolean {
    return this.started;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.runNow();
  }

  /** Stops scheduling and waits for the pass in hand, so nothing it started is left half done. */
  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** A pass now rather than at the next poll: call after committing a row. */
  wake(): void {
    // While backing off after a failure, writes must not turn into a retry storm.
    if (this.failures === 0) this.runNow();
  }

  /** Ends a back-off whose cause is known to be over (the broker reconnected). */
  retryNow(): void {
    this.failures = 0;
    this.runNow();
  }

  private runNow(): void {
    if (!this.started) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
  }

  private async loop(): Promise<void> {
    const { pass, pollIntervalMs, batchSize, maxBackoffMs, logger, failureMessage } = this.options;
    let delay: number;
    do {
      this.rerun = false;
      const outcome = await pass().catch((error: unknown) => {
        logger.error({ err: error }, failureMessage);
        return undefined;
      });
      if (outcome?.complete) {
        this.failures = 0;
        delay = pollIntervalMs;
        // A full batch means more rows are probably waiting.
        if (outcome.handled >= batchSize) this.rerun = true;
      } else {
        this.failures += 1;
        delay = doublingDelay(pollIntervalMs, this.failures, maxBackoffMs);
        this.rerun = false;
      }
    } while (this.rerun && this.started);
    if (this.started) this.timer = setTimeout(() => this.runNow(), delay);
  }
}
