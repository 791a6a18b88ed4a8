import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@medtutor/contracts';
import { enqueueMail, type MailMessage, writeOutbox } from '@medtutor/nest-kit';
import type { PasswordReset } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';

export interface NewPasswordReset {
  userId: number;
  email: string;
  tokenHash: string;
  expiresAt: Date;
}

@Injectable()
export class PasswordResetsRepository {
  constructor(private readonly prisma: PrismaService) {}

  async newestUnusedIssuedAt(userId: number): Promise<Date | null> {
    const newest = await this.prisma.passwordReset.findFirst({
      where: { userId, usedAt: null },
      orderBy: { createdAt: 'desc' },
      select: { createdAt: true },
    });
    return newest?.createdAt ?? null;
  }

  findByTokenHash(tokenHash: string): Promise<PasswordReset | null> {
    return this.prisma.passwordReset.findUnique({ where: { tokenHash } });
  }

  /**
   * One transaction: the user's earlier unused links stop working, the new one is stored, and its
   * email and event are queued. Either all of it happens or none.
   */
  async issue(reset: NewPasswordReset, email: MailMessage, event: EventEnvelope, now: Date): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await tx.passwordReset.updateMany({ where: { userId: reset.userId, usedAt: null }, data: { usedAt: now } });
      await tx.passwordReset.create({ data: { ...reset, createdAt: now } });
      await enqueueMail(tx, email);
      await writeOutbox(tx, event);
    });
  }

  /**
   * Redeems a token and sets the new password hash in one transaction, and retires the user's
   * other unused links. The conditional update claims the token, so of two concurrent redemptions
   * exactly one wins. `sessionsValidAfter` ends every earlier session even if the gateway never
   * hears the answer. Returns the user's id, or null when the token is no longer usable.
   */
  async redeem(tokenHash: string, passwordHash: string, now: Date): Promise<number | null> {
    return this.prisma.$transaction(async (tx) => {
      const reset = await tx.passwordReset.findUnique({ where: { tokenHash }, select: { id: true, userId: true } });
      if (!reset) return null;
      const claimed = await tx.passwordReset.updateMany({
        where: { id: reset.id, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (claimed.count === 0) return null;
      await tx.user.update({ where: { id: reset.userId }, data: { passwordHash, sessionsValidAfter: now } });
      await tx.passwordReset.updateMany({ where: { userId: reset.userId, usedAt: null }, data: { usedAt: now } });
      return reset.userId;
    });
  }
}
