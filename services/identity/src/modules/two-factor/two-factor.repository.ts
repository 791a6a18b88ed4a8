import { Injectable } from '@nestjs/common';
import type { User } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';

@Injectable()
export class TwoFactorRepository {
  constructor(private readonly prisma: PrismaService) {}

  findUser(userId: number): Promise<User | null> {
    return this.prisma.user.findUnique({ where: { id: userId } });
  }

  /** A new setup replaces any earlier unconfirmed one; an enabled secret is never overwritten. */
  async storePendingSecret(userId: number, encrypted: string): Promise<boolean> {
    const { count } = await this.prisma.user.updateMany({
      where: { id: userId, totpSecret: null },
      data: { totpPendingSecret: encrypted },
    });
    return count === 1;
  }

  /**
   * Turns the confirmed pending secret on, replaces the recovery codes and ends the user's other
   * sessions, in one transaction. False when the pending secret changed or TOTP is already on.
   */
  async enable(userId: number, pendingSecret: string, step: number, codeHashes: string[], now: Date): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.user.updateMany({
        where: { id: userId, totpSecret: null, totpPendingSecret: pendingSecret },
        data: {
          totpSecret: pendingSecret,
          totpPendingSecret: null,
          totpEnabledAt: now,
          totpLastStep: BigInt(step),
          sessionsValidAfter: now,
        },
      });
      if (count !== 1) return false;
      await tx.recoveryCode.deleteMany({ where: { userId } });
      await tx.recoveryCode.createMany({ data: codeHashes.map((codeHash) => ({ userId, codeHash })) });
      return true;
    });
  }

  /** Accepts a time step only if it is later than every step accepted before (atomic, so no replay). */
  async claimStep(userId: number, step: number): Promise<boolean> {
    const { count } = await this.prisma.user.updateMany({
      where: {
        id: userId,
        totpSecret: { not: null },
        OR: [{ totpLastStep: null }, { totpLastStep: { lt: BigInt(step) } }],
      },
      data: { totpLastStep: BigInt(step) },
    });
    return count === 1;
  }

  /** Marks an unused recovery code used; of two concurrent uses exactly one succeeds. */
  async claimRecoveryCode(userId: number, codeHash: string, now: Date): Promise<boolean> {
    const { count } = await this.prisma.recoveryCode.updateMany({
      where: { userId, codeHash, usedAt: null },
      data: { usedAt: now },
    });
    return count === 1;
  }
}
