import { Injectable } from '@nestjs/common';
import type { Db } from '../../infra/db.js';
import { PrismaService } from '../../infra/prisma.service.js';

/** The local read copy of who is who (identity) and who has paid (payments). */
@Injectable()
export class VerifiedPurchasesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** `email` must already be normalised. */
  async recordUser(db: Db, userId: number, email: string): Promise<void> {
    await db.knownUser.upsert({ where: { userId }, create: { userId, email }, update: { email } });
  }

  /** Keeps the earliest payment, whatever order the events arrive in. */
  async recordPayment(db: Db, userId: number, paidAt: Date): Promise<void> {
    await db.$executeRaw`
      INSERT INTO paid_users (user_id, first_paid_at) VALUES (${userId}, ${paidAt})
      ON CONFLICT (user_id) DO UPDATE SET first_paid_at = LEAST(paid_users.first_paid_at, EXCLUDED.first_paid_at)`;
  }

  /** Those of the (normalised) `emails` that belong to a known user who has paid. */
  async paidEmails(emails: string[]): Promise<Set<string>> {
    const unique = [...new Set(emails)];
    if (!unique.length) return new Set();
    const users = await this.prisma.knownUser.findMany({ where: { email: { in: unique } } });
    if (!users.length) return new Set();
    const paid = await this.prisma.paidUser.findMany({
      where: { userId: { in: users.map((user) => user.userId) } },
      select: { userId: true },
    });
    const paidIds = new Set(paid.map((row) => row.userId));
    return new Set(users.filter((user) => paidIds.has(user.userId)).map((user) => user.email));
  }
}
