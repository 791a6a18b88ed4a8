import type { Logger } from 'pino';
import type { MailOutboxStore } from './mail-outbox.js';
import type { Mailer } from './mailer.js';

/** How often the relay looks for due mail when nothing wakes it. */
const POLL_INTERVAL_MS = 2_000;
const BATCH_SIZE = 20;
/** Longer than the SMTP timeouts, so a live sender always finishes before its claim lapses. */
const CLAIM_LEASE_MS = 2 * 60_000;
const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 10_000;
const MAX_RETRY_MS = 10 * 60_000;

/**
 * Delay before the next attempt after `attempts` failed ones, or null to give up. Doubling from
 * 10 s (capped at 10 min) spreads 8 attempts over about 20 minutes (inside a reset link's 30).
 */
export function retryDelayMs(attempts: number): number | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  return Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), MAX_RETRY_MS);
}

/**
 * Sends queued emails: polls the mail outbox, and is woken right after a commit that queued one.
 * `MailKitModule` starts it at bootstrap and stops it before the database and transport close.
 */
export class MailRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private wokenWhileRunning = false;
  private stopped = true;

  constructor(
    private readonly outbox: MailOutboxStore,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Finishes the send in hand, so no email leaves without being marked sent. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Drains due mail now, or right after the drain in progress. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wokenWhileRunning = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.stopped) return;
      if (this.wokenWhileRunning) {
        this.wokenWhileRunning = false;
        this.wake();
      } else {
        this.timer = setTimeout(() => this.wake(), POLL_INTERVAL_MS);
      }
    });
  }

  /** Sends one batch of due emails and returns how many it claimed. */
  async sendDue(): Promise<number> {
    const due = await this.outbox.claimDue(BATCH_SIZE, CLAIM_LEASE_MS);
    for (const email of due) {
      try {
        await this.mailer.send(email);
        await this.outbox.markSent(email.id);
        this.logger.info({ emailId: email.id, attempts: email.attempts }, 'email sent');
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const delay = retryDelayMs(email.attempts);
        if (delay === null) {
          await this.outbox.markAbandoned(email.id, reason);
          this.logger.error(
            { emailId: email.id, attempts: email.attempts, reason },
            'email abandoned after its last attempt',
          );
        } else {
          await this.outbox.scheduleRetry(email.id, reason, delay);
          this.logger.warn(
            { emailId: email.id, attempts: email.attempts, retryInMs: delay, reason },
            'email not sent; will retry',
          );
        }
      }
    }
    return due.length;
  }

  private async drain(): Promise<void> {
    try {
      while (!this.stopped && (await this.sendDue()) === BATCH_SIZE);
    } catch (error) {
      // The database is unreachable: the next poll tries again.
      this.logger.error({ err: error }, 'mail relay could not read the mail outbox');
    }
  }
}
