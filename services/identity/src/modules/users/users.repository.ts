import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@medtutor/contracts';
import { writeOutbox } from '@medtutor/nest-kit';
import { Prisma, type User } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';
import { emailTaken, usernameTaken } from './users.errors.js';

export type NewUser = Pick<
  Prisma.UserCreateInput,
  | 'username'
  | 'email'
  | 'passwordHash'
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'role'
  | 'nameAnnouncedVersion'
  | 'dateOfBirth'
  | 'consentState'
  | 'consentVersion'
>;

@Injectable()
export class UsersRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Every student, in the order they joined, with when their guardian consented (if they did). */
  students() {
    return this.prisma.user.findMany({
      where: { role: 'student' },
      orderBy: { id: 'asc' },
      include: { guardianConsent: { select: { consentedAt: true } } },
    });
  }

  /**
   * Marks the account with this email (normalised), or with these phone digits, as having used its
   * free trial; on the event consumer's transaction.
   */
  async markFreeTrialUsed(tx: Prisma.TransactionClient, email: string, phoneDigits: string | null): Promise<void> {
    await tx.$executeRaw`
        UPDATE users SET free_trial_used = true, updated_at = now()
        WHERE free_trial_used = false
          AND (email = ${email}
               OR (${phoneDigits}::text IS NOT NULL AND regexp_replace(coalesce(phone, ''), '\\D', '', 'g') = ${phoneDigits}::text))`;
  }

  findById(id: number): Promise<User | null> {
    return this.prisma.user.findUnique({ where: { id } });
  }

  /** `email` must already be normalised. */
  findByEmail(email: string): Promise<User | null> {
    return this.prisma.user.findUnique({ where: { email } });
  }

  /** Which unique field an existing user already holds; the username is reported first. */
  async findTakenField(username: string, email: string): Promise<'username' | 'email' | null> {
    const holders = await this.prisma.user.findMany({
      where: { OR: [{ username }, { email }] },
      select: { username: true },
      take: 2,
    });
    if (holders.some((holder) => holder.username === username)) return 'username';
    return holders.length ? 'email' : null;
  }

  /**
   * Inserts the user, its events and `alsoWrite`'s rows (a guardian's consent request) in one transaction. A concurrent registration that slips past
   * `findTakenField` hits a unique index here and gets the same domain error.
   */
  async createWithEvents(
    data: NewUser,
    eventsFor: (user: User) => EventEnvelope[],
    alsoWrite?: (tx: Prisma.TransactionClient, user: User) => Promise<void>,
  ): Promise<User> {
    try {
      return await this.prisma.$transaction(async (tx) => {
        const user = await tx.user.create({ data });
        for (const event of eventsFor(user)) await writeOutbox(tx, event);
        await alsoWrite?.(tx, user);
        return user;
      });
    } catch (error) {
      const field = uniqueViolationField(error);
      if (field === 'username') throw usernameTaken();
      if (field === 'email') throw emailTaken();
      throw error;
    }
  }
}

/** The unique indexes of `users`, as the init migration names them. */
const UNIQUE_INDEX_FIELDS: Record<string, 'username' | 'email'> = {
  users_username_key: 'username',
  users_email_key: 'email',
};

/** Which unique field a failed insert collided on. The pg adapter names the index, not the columns. */
function uniqueViolationField(error: unknown): 'username' | 'email' | undefined {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2002') return undefined;
  const meta = error.meta as { driverAdapterError?: { cause?: { constraint?: { index?: string } } } } | undefined;
  const index = meta?.driverAdapterError?.cause?.constraint?.index;
  return index ? UNIQUE_INDEX_FIELDS[index] : undefined;
}
