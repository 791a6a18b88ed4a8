import { Injectable } from '@nestjs/common';
import { ErasedStudentName } from '@medtutor/contracts';
import { mailRetentionTask, type RetentionTask } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';

/** The retention job's deletes in tutoring's database (docs/privacy.md); each one batch, how many went. */
@Injectable()
export class RetentionRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Consultation and free-trial requests made at or before `cutoff` whose address never bought: no
   * package carries it as its buyer's (`user_sessions.buyer_email_key`). A request without an email
   * address cannot be matched to a purchase, so it counts as never bought. The free trial booked for
   * such a request stays in the tutor's history, but without the person: named as an erased student,
   * with no address or notes.
   */
  async deleteUnboughtRequests(cutoff: Date, batchSize: number): Promise<number> {
    const [row] = await this.prisma.$queryRaw<{ deleted: number }[]>`
      WITH gone AS (
        DELETE FROM consultations WHERE id IN (
          SELECT c.id FROM consultations c
           WHERE c.created_at <= ${cutoff}::timestamptz
             AND (c.email_key IS NULL
                  OR NOT EXISTS (SELECT 1 FROM user_sessions p WHERE p.buyer_email_key = c.email_key))
           LIMIT ${batchSize}::int FOR UPDATE OF c SKIP LOCKED)
        RETURNING id),
      trials AS (
        UPDATE bookings SET student_name = ${ErasedStudentName}, student_email = '', additional_notes = NULL
         WHERE consultation_id IN (SELECT id FROM gone)
        RETURNING 1)
      SELECT (SELECT count(*) FROM gone)::int AS deleted, (SELECT count(*) FROM trials)::int AS trials`;
    return row?.deleted ?? 0;
  }

  /** Acknowledgement markers (address hashes) sent at or before `cutoff`: past their window, they do nothing. */
  deleteStaleAcknowledgements(cutoff: Date, batchSize: number): Promise<number> {
    return this.prisma.$executeRaw`
      DELETE FROM acknowledgements WHERE address_hash IN (
        SELECT address_hash FROM acknowledgements
         WHERE sent_at <= ${cutoff}::timestamptz
         LIMIT ${batchSize}::int FOR UPDATE SKIP LOCKED)`;
  }

  mailTask(days: number): RetentionTask {
    return mailRetentionTask(this.prisma, days);
  }
}
