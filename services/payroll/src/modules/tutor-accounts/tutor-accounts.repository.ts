import { Injectable } from '@nestjs/common';
import type { TutorChangedV1 } from '@medtutor/contracts';
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

  /** Applies tutoring's active flag of an entry unless a later version is known already (any order). */
  async recordStatus(tx: Tx, entry: TutorChangedV1): Promise<void> {
    await tx.$executeRaw`
      INSERT INTO tutor_statuses (tutor_id, active, version, updated_at)
      VALUES (${entry.tutorId}, ${entry.active}, ${entry.version}, now())
      ON CONFLICT (tutor_id) DO UPDATE
        SET active = EXCLUDED.active, version = EXCLUDED.version, updated_at = now()
        WHERE tutor_statuses.version < EXCLUDED.version`;
  }

  /** Whether tutoring said this directory entry is deactivated (an entry not heard of yet is not). */
  async isDeactivated(tutorId: number): Promise<boolean> {
    const status = await this.prisma.tutorStatus.findUnique({ where: { tutorId }, select: { active: true } });
    return status?.active === false;
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
