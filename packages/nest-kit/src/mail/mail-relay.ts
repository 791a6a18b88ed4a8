import type { Logger } from 'pino';
import { doublingDelay, RelayLoop } from '../events/relay-loop.js';
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
/** While the database is unreachable, passes back off from the poll interval up to this. */
const MAX_BACKOFF_MS = 30_000;

/**
 * Delay before the next attempt after `attempts` failed ones, or null to give up. Doubling from
 * 10 s (capped at 10 min) spreads 8 attempts over about 20 minutes (inside a reset link's 30).
 */
export function retryDelayMs(attempts: number): number | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  return doublingDelay(FIRST_RETRY_MS, attempts, MAX_RETRY_MS);
}

/**
 * Sends queued emails: polls the mail outbox, and is woken right after a commit that queued one. It
 * runs on the outbox relay's schedule (`RelayLoop`) and pool; `MailKitModule` starts it at bootstrap
 * and stops it before the database and transport close.
 */
export class MailRelay {
  private readonly loop: RelayLoop;

  constructor(
    private readonly outbox: MailOutboxStore,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
  ) {
    this.loop = new RelayLoop({
      pass: async () => ({ handled: await this.sendDue(), complete: true }),
      pollIntervalMs: POLL_INTERVAL_MS,
      batchSize: BATCH_SIZE,
      maxBackoffMs: MAX_BACKOFF_MS,
      logger,
      failureMessage: 'mail relay could not read the mail outbox',
    });
  }

  start(): void {
    this.loop.start();
  }

  /** Finishes the send in hand, so no email leaves without being marked sent. */
  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** Sends due mail now, or right after the pass in progress. */
  wake(): void {
    this.loop.wake();
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
}
