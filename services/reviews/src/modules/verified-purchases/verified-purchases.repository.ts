import { Injectable } from '@nestjs/common';
import type { Db } from '../../infra/db.js';
import { PrismaService } from '../../infra/prisma.service.js';

/** The local read copy of who has paid (payments). */
@Injectable()
export class VerifiedPurchasesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Keeps the earliest payment, whatever order the events arrive in. */
  async recordPayment(db: Db, userId: number, paidAt: Date): Promise<void> {
    await db.$executeRaw`
      INSERT INTO paid_users (user_id, first_paid_at) VALUES (${userId}, ${paidAt})
      ON CONFLICT (user_id) DO UPDATE SET first_paid_at = LEAST(paid_users.first_paid_at, EXCLUDED.first_paid_at)`;
  }

  /** Those of `userIds` who have paid. */
  async paidUsers(userIds: number[]): Promise<Set<number>> {
    const unique = [...new Set(userIds)];
    if (!unique.length) return new Set();
    const paid = await this.prisma.paidUser.findMany({ where: { userId: { in: unique } }, select: { userId: true } });
    return new Set(paid.map((row) => row.userId));
  }
}
