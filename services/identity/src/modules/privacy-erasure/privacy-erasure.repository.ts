import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@medtutor/contracts';
import { enqueueMail, type MailMessage, writeOutbox } from '@medtutor/nest-kit';
import type { ErasedUser, User } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';

export interface ErasureRecord {
  erasedAt: Date;
  erasedByUserId: number | null;
  reason: string | null;
}

@Injectable()
export class PrivacyErasureRepository {
  constructor(private readonly prisma: PrismaService) {}

  findErased(userId: number): Promise<ErasedUser | null> {
    return this.prisma.erasedUser.findUnique({ where: { userId } });
  }

  /**
   * One transaction: the audit record, every email still queued to the address, the account (its
   * reset and invitation links and recovery codes go with it, by cascade), then the confirmation
   * and the event. The audit row's key settles a race: the second erasure changes nothing and
   * answers the first one's record.
   */
  async erase(
    user: User,
    record: ErasureRecord,
    confirmation: MailMessage,
    eventFor: (erased: ErasedUser) => EventEnvelope,
  ): Promise<ErasedUser> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.erasedUser.createMany({
        data: [{ userId: user.id, ...record }],
        skipDuplicates: true,
      });
      const erased = await tx.erasedUser.findUniqueOrThrow({ where: { userId: user.id } });
      if (count === 0) return erased;
      // Addresses are stored as given to the relay; users.email is lower-cased already.
      await tx.$executeRaw`DELETE FROM outbound_emails WHERE lower(to_address) = ${user.email}`;
      await tx.user.deleteMany({ where: { id: user.id } });
      await enqueueMail(tx, confirmation);
      await writeOutbox(tx, eventFor(erased));
      return erased;
    });
  }
}
