import { Injectable } from '@nestjs/common';
import { mailRetentionTask, type RetentionTask } from '@medtutor/nest-kit';
import { PrismaService } from '../../infra/prisma.service.js';

/** The retention job's deletes in identity's database (docs/privacy.md). */
@Injectable()
export class RetentionRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Password-reset and tutor-invitation links (both `password_resets`) that can no longer be
   * redeemed: used or superseded (`used_at` set) or expired at `now`, the SQL form of
   * `!isResetTokenUsable`. Redeeming one answers the same "invalid link" whether its row is there or
   * not. One batch; how many went.
   */
  deleteSpentResetLinks(now: Date, batchSize: number): Promise<number> {
    return this.prisma.$executeRaw`
      DELETE FROM password_resets WHERE id IN (
        SELECT id FROM password_resets
         WHERE used_at IS NOT NULL OR expires_at <= ${now}::timestamptz
         LIMIT ${batchSize}::int FOR UPDATE SKIP LOCKED)`;
  }

  mailTask(days: number): RetentionTask {
    return mailRetentionTask(this.prisma, days);
  }
}
