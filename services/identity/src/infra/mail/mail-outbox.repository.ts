import { Injectable } from '@nestjs/common';
import type { Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from '../prisma.service.js';
import type { MailMessage } from './mailer.js';

export interface ClaimedEmail extends MailMessage {
  id: string;
  /** Attempts including the one this claim starts. */
  attempts: number;
}

/** Error texts can be long (a whole SMTP transcript); the first part says enough. */
const LAST_ERROR_MAX = 1000;

/** The `outbound_emails` table: queued in a caller's transaction, drained by the mail relay. */
@Injectable()
export class MailOutboxRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Queues a message inside `tx`, so it exists exactly when the caller's change commits. */
  async enqueue(tx: Prisma.TransactionClient, message: MailMessage): Promise<void> {
    await tx.outboundEmail.create({ data: message, select: { id: true } });
  }

  /**
   * Claims up to `limit` due emails for `leaseMs`. SKIP LOCKED lets replicas claim disjoint rows;
   * the lease (a later `next_attempt_at`) makes an email due again if its sender dies mid-send.
   */
  claimDue(limit: number, leaseMs: number): Promise<ClaimedEmail[]> {
    return this.prisma.$queryRaw<ClaimedEmail[]>`
      UPDATE outbound_emails
         SET attempts = attempts + 1,
             next_attempt_at = now() + ${leaseMs}::int * interval '1 millisecond'
       WHERE id IN (
         SELECT id FROM outbound_emails
          WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
          ORDER BY next_attempt_at
          LIMIT ${limit}::int
          FOR UPDATE SKIP LOCKED)
      RETURNING id, to_address AS "to", subject, text, html, attempts`;
  }

  /** The body is cleared: a reset email holds a live token that nobody needs to keep. */
  async markSent(id: string): Promise<void> {
    await this.prisma.$executeRaw`
      UPDATE outbound_emails SET sent_at = now(), text = '', html = '', last_error = NULL WHERE id = ${id}::uuid`;
  }

  async scheduleRetry(id: string, error: string, delayMs: number): Promise<void> {
    await this.prisma.$executeRaw`
      UPDATE outbound_emails
         SET last_error = ${error.slice(0, LAST_ERROR_MAX)},
             next_attempt_at = now() + ${delayMs}::int * interval '1 millisecond'
       WHERE id = ${id}::uuid`;
  }

  async markAbandoned(id: string, error: string): Promise<void> {
    await this.prisma.$executeRaw`
      UPDATE outbound_emails
         SET failed_at = now(), text = '', html = '', last_error = ${error.slice(0, LAST_ERROR_MAX)}
       WHERE id = ${id}::uuid`;
  }
}
