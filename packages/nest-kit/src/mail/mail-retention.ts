import type { RawSqlExecutor } from '../events/prisma-like.js';
import { deleteInBatches, type RetentionTask } from '../jobs/retention-job.js';
import { retentionCutoff } from '../jobs/retention.rules.js';

/**
 * The retention task of the mail outbox (`outbound_emails`, the same table in every service with the
 * mail kit): records of emails sent or abandoned `days` ago or earlier go. An email not yet sent stays
 * whatever its age: the relay still owes it an attempt.
 */
export function mailRetentionTask(db: RawSqlExecutor, days: number): RetentionTask {
  return {
    name: 'mail',
    run: (now, batchSize) =>
      deleteInBatches(
        () =>
          db.$executeRawUnsafe(
            `DELETE FROM outbound_emails WHERE id IN (
               SELECT id FROM outbound_emails
                WHERE sent_at <= $1::timestamptz OR failed_at <= $1::timestamptz
                LIMIT $2::int FOR UPDATE SKIP LOCKED)`,
            retentionCutoff(now, days),
            batchSize,
          ),
        batchSize,
      ),
  };
}
