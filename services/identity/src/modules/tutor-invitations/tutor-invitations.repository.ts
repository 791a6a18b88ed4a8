import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@medtutor/contracts';
import { enqueueMail, type MailMessage, writeOutbox } from '@medtutor/nest-kit';
import { Prisma, type User } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';
import { TutorDirectoryRepository } from '../tutor-directory/tutor-directory.repository.js';
import { emailTaken, usernameTaken } from '../users/users.errors.js';

export interface NewTutorAccount {
  tutorId: number;
  user: Pick<Prisma.UserCreateInput, 'username' | 'email' | 'passwordHash' | 'firstName' | 'lastName'>;
  tokenHash: string;
  expiresAt: Date;
}

@Injectable()
export class TutorInvitationsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly directory: TutorDirectoryRepository,
  ) {}

  async emailInUse(email: string): Promise<boolean> {
    return (await this.prisma.user.count({ where: { email } })) > 0;
  }

  /**
   * One transaction: the tutor account, the directory entry's claim on it, its set-password link,
   * the invitation email and the event. A concurrent sign-up with the same address hits the unique
   * index and gets the same conflict; a concurrent invitation of the same entry finds it claimed.
   */
  async create(
    account: NewTutorAccount,
    emailFor: (user: User) => MailMessage,
    eventFor: (user: User) => EventEnvelope,
  ): Promise<User> {
    try {
      return await this.prisma.$transaction(async (tx) => {
        const user = await tx.user.create({ data: { ...account.user, role: 'tutor' } });
        await this.directory.claim(tx, account.tutorId, user.id);
        await tx.passwordReset.create({
          data: { userId: user.id, email: user.email, tokenHash: account.tokenHash, expiresAt: account.expiresAt },
        });
        await enqueueMail(tx, emailFor(user));
        await writeOutbox(tx, eventFor(user));
        return user;
      });
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
        throw uniqueIndexOf(error) === 'users_email_key' ? emailTaken() : usernameTaken();
      }
      throw error;
    }
  }
}

/** The pg adapter names the violated index, not its columns. */
function uniqueIndexOf(error: Prisma.PrismaClientKnownRequestError): string | undefined {
  const meta = error.meta as { driverAdapterError?: { cause?: { constraint?: { index?: string } } } } | undefined;
  return meta?.driverAdapterError?.cause?.constraint?.index;
}
