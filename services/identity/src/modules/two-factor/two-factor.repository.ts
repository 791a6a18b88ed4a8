import { Injectable } from '@nestjs/common';
import { enqueueMail, type MailMessage } from '@medtutor/nest-kit';
import type { User } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';

type Tx = Parameters<Parameters<PrismaService['$transaction']>[0]>[0];

/** Every second-factor column cleared: the account has no authenticator and no recovery codes. */
const NO_SECOND_FACTOR = { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null };

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
   * Re-enrolment: the new secret waits beside the enabled one (which keeps working) until a code of
   * the new one confirms it. False when the secret it was checked against changed meanwhile.
   */
  async storeReEnrolSecret(userId: number, currentSecret: string, encrypted: string): Promise<boolean> {
    const { count } = await this.prisma.user.updateMany({
      where: { id: userId, totpSecret: currentSecret },
      data: { totpPendingSecret: encrypted },
    });
    return count === 1;
  }

  /**
   * Turns the confirmed pending secret on, replaces the recovery codes, ends the user's other
   * sessions and queues the notice, in one transaction. `currentSecret` is null for a first
   * enrolment and the enabled secret for a re-enrolment. False when either changed meanwhile.
   */
  async enable(
    userId: number,
    currentSecret: string | null,
    pendingSecret: string,
    step: number,
    codeHashes: string[],
    now: Date,
    notice: MailMessage,
  ): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.user.updateMany({
        where: { id: userId, totpSecret: currentSecret, totpPendingSecret: pendingSecret },
        data: {
          totpSecret: pendingSecret,
          totpPendingSecret: null,
          totpEnabledAt: now,
          totpLastStep: BigInt(step),
          totpEnrolmentRequired: false,
          sessionsValidAfter: now,
        },
      });
      if (count !== 1) return false;
      await this.replaceCodes(tx, userId, codeHashes);
      await enqueueMail(tx, notice);
      return true;
    });
  }

  /** New recovery codes for an account whose secret is still `currentSecret`; the old codes go. */
  async replaceRecoveryCodes(userId: number, currentSecret: string, codeHashes: string[], notice: MailMessage) {
    return this.prisma.$transaction(async (tx) => {
      const still = await tx.user.count({ where: { id: userId, totpSecret: currentSecret } });
      if (still !== 1) return false;
      await this.replaceCodes(tx, userId, codeHashes);
      await enqueueMail(tx, notice);
      return true;
    });
  }

  /** The owner turns the second factor off (secret, pending secret and recovery codes go). */
  async disable(userId: number, currentSecret: string, notice: MailMessage): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.user.updateMany({
        where: { id: userId, totpSecret: currentSecret },
        data: NO_SECOND_FACTOR,
      });
      if (count !== 1) return false;
      await tx.recoveryCode.deleteMany({ where: { userId } });
      await enqueueMail(tx, notice);
      return true;
    });
  }

  /**
   * An admin's reset: the second factor goes, the account must enrol at its next sign-in, every
   * session it has ends, and the audit row and the notice are written with it. False: no such user.
   */
  async resetByAdmin(userId: number, adminId: number, now: Date, notice: MailMessage): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.user.updateMany({
        where: { id: userId },
        data: { ...NO_SECOND_FACTOR, totpEnrolmentRequired: true, sessionsValidAfter: now },
      });
      if (count !== 1) return false;
      await tx.recoveryCode.deleteMany({ where: { userId } });
      await tx.secondFactorReset.create({ data: { userId, resetByUserId: adminId, resetAt: now } });
      await enqueueMail(tx, notice);
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

  private async replaceCodes(tx: Tx, userId: number, codeHashes: string[]): Promise<void> {
    await tx.recoveryCode.deleteMany({ where: { userId } });
    await tx.recoveryCode.createMany({ data: codeHashes.map((codeHash) => ({ userId, codeHash })) });
  }
}
