import { Injectable } from '@nestjs/common';
import type { Prisma, TutorAccount } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';

type Tx = Prisma.TransactionClient;

export type LinkOutcome = 'linked' | 'tutor has another login';

@Injectable()
export class TutorAccountsRepository {
  constructor(private readonly prisma: PrismaService) {}

  findByUserId(userId: number): Promise<TutorAccount | null> {
    return this.prisma.tutorAccount.findUnique({ where: { userId } });
  }

  /** The invitation's account; as in tutoring, a directory entry keeps the first login it got. */
  async link(tx: Tx, account: TutorAccount): Promise<LinkOutcome> {
    const holder = await tx.tutorAccount.findUnique({ where: { tutorId: account.tutorId } });
    if (holder && holder.userId !== account.userId) return 'tutor has another login';
    await tx.tutorAccount.upsert({ where: { userId: account.userId }, update: account, create: account });
    return 'linked';
  }

  /**
   * A delivered session names the tutor's login too, so timesheets work even if this session's
   * event arrives before the invitation's. Never overrides what the invitation recorded.
   */
  async learn(tx: Tx, account: TutorAccount): Promise<void> {
    await tx.tutorAccount.createMany({ data: [account], skipDuplicates: true });
  }
}
