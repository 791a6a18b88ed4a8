import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { RawSqlExecutor } from '../events/prisma-like.js';
import type { MailAttachment, MailMessage } from './mailer.js';

export interface ClaimedEmail extends MailMessage {
  id: string;
  /** Attempts including the one this claim starts. */
  attempts: number;
}

/** Error texts can be long (a whole SMTP transcript); the first part says enough. */
const LAST_ERROR_MAX = 1000;

/**
 * Queues an email inside the caller's transaction, so it exists exactly when the change it announces
 * commits. Wake the `MailRelay` after the commit to send it at once.
 */
export async function enqueueMail(tx: RawSqlExecutor, message: MailMessage): Promise<void> {
  const attachments = message.attachments?.length ? JSON.stringify(message.attachments) : null;
  await tx.$executeRawUnsafe(
    `INSERT INTO outbound_emails (id, to_address, subject, text, html, attachments)
     VALUES ($1::uuid, $2, $3, $4, $5, $6::jsonb)`,
    randomUUID(),
    message.to,
    message.subject,
    message.text,
    message.html,
    attachments,
  );
}

/** The relay's side of the `outbound_emails` table, on the event kit's relays pool (single statements, no held transaction). */
export class MailOutboxStore {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * Claims up to `limit` due emails for `leaseMs`. SKIP LOCKED lets replicas claim disjoint rows;
   * the lease (a later `next_attempt_at`) makes an email due again if its sender dies mid-send.
   */
  async claimDue(limit: number, leaseMs: number): Promise<ClaimedEmail[]> {
    const { rows } = await this.pool.query<ClaimedEmail & { attachments: MailAttachment[] | null }>(
      `UPDATE outbound_emails
          SET attempts = attempts + 1,
              next_attempt_at = now() + $1::int * interval '1 millisecond'
        WHERE id IN (
          SELECT id FROM outbound_emails
           WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
           ORDER BY next_attempt_at
           LIMIT $2::int
           FOR UPDATE SKIP LOCKED)
       RETURNING id, to_address AS "to", subject, text, html, attachments, attempts`,
      [leaseMs, limit],
    );
    return rows.map(({ attachments, ...email }) => (attachments ? { ...email, attachments } : email));
  }

  /** The body and attachments are cleared: they may hold a live token or personal data nobody needs to keep. */
  async markSent(id: string): Promise<void> {
    await this.pool.query(
      `UPDATE outbound_emails SET sent_at = now(), text = '', html = '', attachments = NULL, last_error = NULL WHERE id = $1::uuid`,
      [id],
    );
  }

  async scheduleRetry(id: string, error: string, delayMs: number): Promise<void> {
    await this.pool.query(
      `UPDATE outbound_emails
          SET last_error = $2, next_attempt_at = now() + $3::int * interval '1 millisecond'
        WHERE id = $1::uuid`,
      [id, error.slice(0, LAST_ERROR_MAX), delayMs],
    );
  }

  async markAbandoned(id: string, error: string): Promise<void> {
    await this.pool.query(
      `UPDATE outbound_emails
          SET failed_at = now(), text = '', html = '', attachments = NULL, last_error = $2
        WHERE id = $1::uuid`,
      [id, error.slice(0, LAST_ERROR_MAX)],
    );
  }
}
